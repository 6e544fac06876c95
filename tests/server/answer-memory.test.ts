import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
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

describe.runIf(onPostgres)('answers of reads on PostgreSQL', () => {
  it('are worked out every time: a change made beside the server shows at once', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedCustomers(s.database.db, 3)
    expect((await readList<CustomerList>(s.app, access, FIRST_PAGE)).count).toBe(3)
    await seedCustomers(s.database.db, 4)
    expect((await readList<CustomerList>(s.app, access, FIRST_PAGE)).count).toBe(7)
  })
})

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
  it('does not keep an answer worked out while a change happened', () => {
    const memory = new AnswerMemory()
    const version = memory.version
    memory.changed()
    memory.keep('a', version, '{}', 'application/json')
    expect(memory.find('a')).toBeUndefined()
    memory.keep('a', memory.version, '{}', 'application/json')
    expect(memory.find('a')).toMatchObject({ body: '{}', type: 'application/json' })
  })

  it('forgets everything at a change, and an answer after ten seconds', () => {
    let now = 0
    const memory = new AnswerMemory(() => now)
    memory.keep('a', memory.version, '1', 'application/json')
    memory.keep('b', memory.version, '2', 'application/json')
    memory.changed()
    expect(memory.find('a')).toBeUndefined()
    memory.keep('a', memory.version, '3', 'application/json')
    now = 9_999
    expect(memory.find('a')?.body).toBe('3')
    now = 10_000
    expect(memory.find('a')).toBeUndefined()
  })

  it('keeps at most 8 MiB of answers, none over 512 KiB', () => {
    const memory = new AnswerMemory()
    const big = 'x'.repeat(512 * 1024)
    memory.keep('too big', memory.version, `${big}x`, 'application/json')
    expect(memory.find('too big')).toBeUndefined()
    for (let i = 0; i < 16; i++) memory.keep(`page ${i}`, memory.version, big, 'application/json')
    expect(memory.find('page 0')).toBeDefined()
    memory.keep('page 16', memory.version, big, 'application/json')
    expect(memory.find('page 0')).toBeUndefined()
    expect(memory.find('page 16')).toBeDefined()
  })
})
