import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { CustomerList } from '../../src/shared/customer'
import type { HistoryList } from '../../src/shared/history'
import { AnswerMemory } from '../../src/server/http/answer-memory'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { idsOf, readList, seedCustomers } from './helpers/list-rows'
import { call, useTestApp } from './helpers/test-app'
import { onPostgres } from './helpers/test-db'

const s = useTestApp()
const FIRST_PAGE = '/api/customers/?limit=5'

describe.runIf(!onPostgres)(
  'answers of reads on the embedded database, remembered until the next change',
  () => {
    it('gives the same answer again, and the next answer after a write holds the write', async () => {
      const { access } = await createAgentAndLogin(s.app, s.database)
      await seedCustomers(s.database.db, 3)
      const first = await call(s.app, 'GET', FIRST_PAGE, { token: access })
      // Rows put straight into the database, announced by nobody: the answer is remembered.
      await seedCustomers(s.database.db, 4)
      const again = await call(s.app, 'GET', FIRST_PAGE, { token: access })
      expect(again.body).toBe(first.body)
      expect(again.headers['content-type']).toBe(first.headers['content-type'])
      expect(first.json<CustomerList>().count).toBe(3)

      const { id } = await createCustomer(s.app, access, { name: 'Newest' })
      const after = await readList<CustomerList>(s.app, access, FIRST_PAGE)
      expect(after.count).toBe(8)
      expect(idsOf(after)[0]).toBe(id)
    })

    it('works the answer out afresh for a request that says Cache-Control: no-cache', async () => {
      const { access } = await createAgentAndLogin(s.app, s.database)
      await readList<CustomerList>(s.app, access, FIRST_PAGE)
      await seedCustomers(s.database.db, 2)
      const headers = { 'cache-control': 'max-age=0, no-cache' }
      const fresh = await call(s.app, 'GET', FIRST_PAGE, { token: access, headers })
      expect(fresh.json<CustomerList>().count).toBe(2)
      // ...and keeps it for the next request.
      await seedCustomers(s.database.db, 1)
      expect((await readList<CustomerList>(s.app, access, FIRST_PAGE)).count).toBe(2)
    })
  },
)

describe.runIf(onPostgres)(
  'answers of reads on PostgreSQL, remembered while the data’s version stands',
  () => {
    it('shows a change made beside the server as soon as the database tells its version', async () => {
      const { access } = await createAgentAndLogin(s.app, s.database)
      await seedCustomers(s.database.db, 3)
      expect((await readList<CustomerList>(s.app, access, FIRST_PAGE)).count).toBe(3)
      await seedCustomers(s.database.db, 4)
      // Told at the commit, taken in within milliseconds; an answer is otherwise kept 10 s.
      await vi.waitFor(async () =>
        expect((await readList<CustomerList>(s.app, access, FIRST_PAGE)).count).toBe(7),
      )
    })

    it('gives the remembered answer while the database’s count of changes stands', async () => {
      const { access } = await createAgentAndLogin(s.app, s.database)
      await seedCustomers(s.database.db, 3)
      const first = await call(s.app, 'GET', FIRST_PAGE, { token: access })
      // Rows written with the database's triggers off: the count of changes stands still
      // (and so do the kept totals), so what the server remembers is given again.
      await s.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        await seedCustomers(tx, 4)
      })
      const again = await call(s.app, 'GET', FIRST_PAGE, { token: access })
      expect(again.body).toBe(first.body)
      expect(idsOf(again.json<CustomerList>())).toHaveLength(3)
      // Any counted change, and the answer is worked out again: a full page of 3 + 4 + 1.
      await createCustomer(s.app, access, { name: 'Newest' })
      expect(idsOf(await readList<CustomerList>(s.app, access, FIRST_PAGE))).toHaveLength(5)
    })
  },
)

describe('answers of reads, on either database', () => {
  it('forgets an answer when another server’s change is announced', async () => {
    const other = await s.variant({ jwtSecret: s.config.jwtSecret })
    const { access } = await createAgentAndLogin(s.app, s.database)
    expect((await readList<CustomerList>(other.app, access, FIRST_PAGE)).count).toBe(0)
    await createCustomer(s.app, access)
    await expect
      .poll(async () => (await readList<CustomerList>(other.app, access, FIRST_PAGE)).count, {
        timeout: 5000,
      })
      .toBe(1)
  })

  it('gives each agent the history they may see, not the answer another agent was given', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    const other = await createAgentAndLogin(s.app, s.database, 'Agent')
    const changed = await call(s.app, 'PUT', `/api/agents/${other.id}/role/`, {
      token: admin.access,
      body: { role: 'Tester' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const url = '/api/history/?limit=10'
    expect((await readList<HistoryList>(s.app, admin.access, url)).count).toBe(1)
    expect((await readList<HistoryList>(s.app, agent.access, url)).count).toBe(0)
    expect((await readList<HistoryList>(s.app, admin.access, url)).count).toBe(1)
  })

  it('compresses a remembered answer for a client that asks, to the same JSON', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedCustomers(s.database.db, 40)
    const url = '/api/customers/?limit=40'
    const plain = await call(s.app, 'GET', url, { token: access })
    const headers = { 'accept-encoding': 'gzip' }
    for (const time of ['first', 'again']) {
      const zipped = await call(s.app, 'GET', url, { token: access, headers })
      expect(zipped.headers['content-encoding'], time).toBe('gzip')
      expect(gunzipSync(zipped.rawPayload).toString(), time).toBe(plain.body)
    }
  })

  it('gives a remembered answer holding characters beyond Latin-1 byte for byte', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await createCustomer(s.app, access, { name: 'Zoë 山田 → Ünal' })
    const first = await call(s.app, 'GET', FIRST_PAGE, { token: access })
    const again = await call(s.app, 'GET', FIRST_PAGE, { token: access })
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(again.headers['content-length']).toBe(String(first.rawPayload.length))
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(again.json<CustomerList>().Customers[0]?.name).toBe('Zoë 山田 → Ünal')
  })

  it('checks the token and the query before giving a remembered answer', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await readList<CustomerList>(s.app, access, FIRST_PAGE)
    expect((await call(s.app, 'GET', FIRST_PAGE)).statusCode).toBe(401)
    expect((await call(s.app, 'GET', FIRST_PAGE, { token: `${access}x` })).statusCode).toBe(401)
    const bad = '/api/customers/?limit=5&ordering=secret'
    expect((await call(s.app, 'GET', bad, { token: access })).statusCode).toBe(400)
  })
})

describe('AnswerMemory', () => {
  const JSON_TYPE = 'application/json'
  const bodyOf = (memory: AnswerMemory, key: string, data: number) =>
    memory.find(key, data)?.body.toString('utf8')

  it('does not keep an answer worked out while a change happened', async () => {
    const memory = new AnswerMemory()
    const before = await memory.versions()
    memory.changed()
    memory.keep('a', before, '{}', JSON_TYPE)
    expect(memory.find('a', 0)).toBeUndefined()
    memory.keep('a', await memory.versions(), '{}', JSON_TYPE)
    expect(memory.find('a', 0)?.type).toBe(JSON_TYPE)
    expect(bodyOf(memory, 'a', 0)).toBe('{}')
  })

  it('gives an answer only at the data version it was worked out at', async () => {
    let data = 41
    const memory = new AnswerMemory(() => Promise.resolve(data))
    memory.keep('a', await memory.versions(), '{}', JSON_TYPE)
    expect(bodyOf(memory, 'a', 41)).toBe('{}')
    data = 42
    const now = await memory.versions()
    expect(now.data).toBe(42)
    expect(memory.find('a', now.data)).toBeUndefined()
  })

  it('gives and keeps nothing while the data version is not known', async () => {
    let data: number | null = 3
    const memory = new AnswerMemory(() => Promise.resolve(data))
    memory.keep('a', await memory.versions(), '{}', JSON_TYPE)
    data = null
    const unknown = await memory.versions()
    expect(memory.find('a', unknown.data)).toBeUndefined()
    memory.keep('b', unknown, '{}', JSON_TYPE)
    data = 3
    expect(bodyOf(memory, 'a', 3)).toBe('{}')
    expect(memory.find('b', 3)).toBeUndefined()
  })

  it('forgets everything at a change, and an answer after ten seconds', async () => {
    let now = 0
    const memory = new AnswerMemory(undefined, () => now)
    memory.keep('a', await memory.versions(), '1', JSON_TYPE)
    memory.keep('b', await memory.versions(), '2', JSON_TYPE)
    memory.changed()
    expect(memory.find('a', 0)).toBeUndefined()
    memory.keep('a', await memory.versions(), '3', JSON_TYPE)
    now = 9_999
    expect(bodyOf(memory, 'a', 0)).toBe('3')
    now = 10_000
    expect(memory.find('a', 0)).toBeUndefined()
  })

  it('keeps at most 8 MiB of answers, none over 512 KiB', async () => {
    const memory = new AnswerMemory()
    const at = await memory.versions()
    const big = 'x'.repeat(512 * 1024)
    memory.keep('too big', at, `${big}x`, JSON_TYPE)
    expect(memory.find('too big', 0)).toBeUndefined()
    for (let i = 0; i < 16; i++) memory.keep(`page ${i}`, at, big, JSON_TYPE)
    expect(memory.find('page 0', 0)).toBeDefined()
    memory.keep('page 16', at, big, JSON_TYPE)
    expect(memory.find('page 0', 0)).toBeUndefined()
    expect(memory.find('page 16', 0)).toBeDefined()
  })

  it('keeps an answer as its UTF-8 bytes, and measures the limits in bytes', async () => {
    const memory = new AnswerMemory()
    const at = await memory.versions()
    memory.keep('a', at, '{"change":"Pending → Shipped","name":"Zoë 山田"}', JSON_TYPE)
    const kept = memory.find('a', 0)
    expect(kept?.body).toEqual(Buffer.from('{"change":"Pending → Shipped","name":"Zoë 山田"}'))
    // 200,000 characters, 600,000 bytes: over 512 KiB, so not kept.
    memory.keep('wide', at, '→'.repeat(200_000), JSON_TYPE)
    expect(memory.find('wide', 0)).toBeUndefined()
  })
})
