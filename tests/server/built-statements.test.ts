import { describe, expect, it } from 'vitest'
import type { TaskCounts, TaskList } from '../../src/shared/tasks'
import { eq, sql } from 'drizzle-orm'
import { builtOnce, prepared, rowReader } from '../../src/server/db/built-statements'
import { customers } from '../../src/server/db/schema'
import { customerColumns } from '../../src/server/repositories/customers'
import { createCustomer } from './helpers/factories'
import { createAgentAndLogin } from './helpers/factories'
import { readList } from './helpers/list-rows'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

const read = <T>(token: string, url: string) => readList<T>(s.app, token, url)

describe('statements built once', () => {
  it('keeps the statement, not the answer: the same request sees every change since', async () => {
    const ann = await createAgentAndLogin(s.app, s.database)
    const bob = await createAgentAndLogin(s.app, s.database)
    const list = '/api/tasks/?due=open&assignee=me&tz=Europe/Berlin&limit=50'
    const counts = '/api/tasks/counts/?assignee=me&tz=Europe/Berlin'
    expect((await read<TaskList>(ann.access, list)).count).toBe(0)
    expect((await read<TaskCounts>(ann.access, counts)).open).toBe(0)
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString()
    for (const title of ['Call back', 'Send the quote']) {
      const res = await call(s.app, 'POST', '/api/tasks/', {
        token: ann.access,
        body: { title, due_at: due },
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    const again = await read<TaskList>(ann.access, list)
    expect(again.Tasks.map((task) => task.title).sort()).toEqual(['Call back', 'Send the quote'])
    expect(await read<TaskCounts>(ann.access, counts)).toMatchObject({ open: 2, upcoming: 2 })
    // The same request by another agent is another statement: theirs is empty.
    expect((await read<TaskList>(bob.access, list)).count).toBe(0)
    expect((await read<TaskCounts>(bob.access, counts)).open).toBe(0)
  })

  it('builds once per key and keeps the 500 most recently used', () => {
    let builds = 0
    const build = () => ({ built: ++builds })
    const first = builtOnce(s.database.db, 'key 0', build)
    expect(builtOnce(s.database.db, 'key 0', build)).toBe(first)
    for (let i = 1; i <= 500; i++) builtOnce(s.database.db, `key ${i}`, build)
    expect(builds).toBe(501)
    // 'key 0' was the least recently used of 501: built again.
    expect(builtOnce(s.database.db, 'key 0', build)).not.toBe(first)
    expect(builds).toBe(502)
  })

  it('reads its rows as Drizzle does: each field decoded, nulls kept, nested selections left to Drizzle', async () => {
    const { db } = s.database
    const agent = await createAgentAndLogin(s.app, s.database)
    const { access } = agent
    await createCustomer(s.app, access, { name: 'Ada', city: 'Oslo' })
    await createCustomer(s.app, access, { name: 'Bea' })
    await db.update(customers).set({ ownerId: null }).where(eq(customers.name, 'Bea'))
    const select = () =>
      db
        .select({
          ...customerColumns,
          doubled: sql`(${customers.version} * 2)::bigint::text`.mapWith(Number),
          nothing: sql<null>`null`,
          created: customers.dateCreated,
        })
        .from(customers)
        .orderBy(customers.id)
    const statement = prepared(select())
    const fields = (statement as unknown as { fields: Parameters<typeof rowReader>[0] }).fields
    expect(rowReader(fields)).toBeDefined()
    const read = await statement.execute()
    expect(read).toEqual(await select())
    expect(read[0]).toMatchObject({
      name: 'Ada',
      owner: { id: agent.id },
      doubled: 2,
      nothing: null,
    })
    expect(read[1]).toMatchObject({ name: 'Bea', owner: null })
    // A nested selection keeps Drizzle's mapping.
    const nested = db.select({ who: { id: customers.id } }).from(customers)
    const nestedFields = (
      prepared(nested) as unknown as { fields: Parameters<typeof rowReader>[0] }
    ).fields
    expect(rowReader(nestedFields)).toBeUndefined()
    expect(await prepared(nested).execute()).toEqual(await nested)
  })
})
