import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SharedVersion } from '../../src/server/http/shared-version'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { seedCustomers } from './helpers/list-rows'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

describe('the data’s version (the database’s count of committed changes)', () => {
  it('goes up by one per committed transaction, however many rows it wrote', async () => {
    const read = () => s.database.dataVersion()
    const start = await read()
    await seedCustomers(s.database.db, 500)
    expect(await read()).toBe(start + 1)
    await s.database.db.transaction(async (tx) => {
      await seedCustomers(tx, 3)
      await tx.execute(sql`update customers set city = 'Bergen' where id <= 2`)
      await tx.execute(sql`delete from customers where id = 3`)
    })
    expect(await read()).toBe(start + 2)
  })

  it('stands still for a rolled-back transaction and for a statement that changes no row', async () => {
    const read = () => s.database.dataVersion()
    const start = await read()
    await expect(
      s.database.db.transaction(async (tx) => {
        await seedCustomers(tx, 3)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await s.database.db.execute(sql`update customers set city = 'Nowhere' where id < 0`)
    expect(await read()).toBe(start)
  })

  it('counts changes to orders, agents and the history through the API too', async () => {
    const read = () => s.database.dataVersion()
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    const { id } = await createCustomer(s.app, admin.access)
    let before = await read()
    await createOrder(s.app, admin.access, { customer: id })
    expect(await read()).toBeGreaterThan(before)
    before = await read()
    const role = await call(s.app, 'PUT', `/api/agents/${agent.id}/role/`, {
      token: admin.access,
      body: { role: 'Tester' },
    })
    expect(role.statusCode, role.body).toBe(200)
    expect(await read()).toBeGreaterThan(before)
  })
})

describe('SharedVersion', () => {
  /** A read the test finishes by hand, counting how many were started. */
  function manualReads() {
    const started: Array<{ finish: (n: number) => void; fail: (e: Error) => void }> = []
    const read = () =>
      new Promise<number>((resolve, reject) => started.push({ finish: resolve, fail: reject }))
    return { started, read }
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

  it('answers every caller of one turn with one read, sent after they asked', async () => {
    const { started, read } = manualReads()
    const shared = new SharedVersion(read)
    const first = shared.current()
    const second = shared.current()
    expect(started).toHaveLength(0)
    await nextTurn()
    expect(started).toHaveLength(1)
    // A caller once the read is on its way is not answered by it: it may predate a change
    // the caller has seen committed.
    const third = shared.current()
    started[0]?.finish(7)
    expect(await first).toBe(7)
    expect(await second).toBe(7)
    await nextTurn()
    expect(started).toHaveLength(2)
    started[1]?.finish(8)
    expect(await third).toBe(8)
  })

  it('fails the callers of a failed read, and reads again for the next', async () => {
    const { started, read } = manualReads()
    const shared = new SharedVersion(read)
    const failing = shared.current()
    await nextTurn()
    started[0]?.fail(new Error('connection terminated'))
    await expect(failing).rejects.toThrow('connection terminated')
    const next = shared.current()
    await nextTurn()
    started[1]?.finish(3)
    expect(await next).toBe(3)
  })
})
