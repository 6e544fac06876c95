import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { Database } from '../../src/server/db/client'
import { DATA_VERSION_CHANNEL, DataVersionWatch } from '../../src/server/http/data-version-watch'
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

describe('the data’s version, told as it commits', () => {
  it('is notified on crm_data_version with the number each committed change reached', async () => {
    const told: number[] = []
    const unlisten = await s.database.listen(DATA_VERSION_CHANNEL, (payload) => {
      told.push(Number(payload))
    })
    try {
      await seedCustomers(s.database.db, 2)
      const after = await s.database.dataVersion()
      await vi.waitFor(() => expect(told).toEqual([after]))
      await s.database.db.execute(sql`update customers set city = 'Nowhere' where id < 0`)
      await seedCustomers(s.database.db, 1)
      await vi.waitFor(() => expect(told).toEqual([after, after + 1]))
    } finally {
      await unlisten()
    }
  })

  it('reaches a server’s DataVersionWatch when the change is made beside the server', async () => {
    const watch = new DataVersionWatch(s.database)
    await watch.start()
    try {
      const start = await watch.current()
      expect(start).toBe(await s.database.dataVersion())
      await seedCustomers(s.database.db, 1)
      await vi.waitFor(async () => expect(await watch.current()).toBe((start ?? 0) + 1))
    } finally {
      await watch.close()
    }
  })
})

describe('DataVersionWatch', () => {
  /** A database whose listening and reads the test drives by hand. */
  function fakeDatabase() {
    const reads: Array<{ finish: (n: number) => void; fail: (e: Error) => void }> = []
    const fake = {
      notify: (_payload: string) => undefined as void,
      listening: (_on: boolean) => undefined as void,
      reads,
      database: {
        listen: (
          _channel: string,
          onPayload: (payload: string) => void,
          onListening?: (listening: boolean) => void,
        ) => {
          fake.notify = onPayload
          fake.listening = (on) => onListening?.(on)
          fake.listening(true)
          return Promise.resolve(() => Promise.resolve())
        },
        dataVersion: () =>
          new Promise<number>((resolve, reject) => reads.push({ finish: resolve, fail: reject })),
      } as unknown as Database,
    }
    return fake
  }

  async function started(fake: ReturnType<typeof fakeDatabase>, version: number) {
    const watch = new DataVersionWatch(fake.database)
    const start = watch.start()
    fake.reads[0]?.finish(version)
    await start
    return watch
  }

  it('reads the version once listening, then takes in each version told, never going back', async () => {
    const fake = fakeDatabase()
    const watch = await started(fake, 5)
    expect(await watch.current()).toBe(5)
    fake.notify('7')
    fake.notify('6')
    fake.notify('not a number')
    expect(await watch.current()).toBe(7)
    expect(fake.reads).toHaveLength(1)
  })

  it('takes in a version told in the request’s turn or at the next poll, before answering it', async () => {
    const fake = fakeDatabase()
    const watch = await started(fake, 5)
    const first = watch.current()
    const second = watch.current()
    expect(second).toBe(first)
    fake.notify('6')
    expect(await first).toBe(6)
    // ...and one taken in at the next poll of the connections, after the request's turn.
    const third = watch.current()
    setImmediate(() => fake.notify('7'))
    expect(await third).toBe(7)
  })

  it('does not know the version while the connection is lost, and reads it again once back', async () => {
    const fake = fakeDatabase()
    const watch = await started(fake, 5)
    fake.listening(false)
    fake.notify('8')
    expect(await watch.current()).toBeNull()
    fake.listening(true)
    expect(await watch.current()).toBeNull()
    fake.reads[1]?.finish(9)
    await vi.waitFor(async () => expect(await watch.current()).toBe(9))
  })

  it('tries a failed read again a second later, and ignores a read of a lost connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      const fake = fakeDatabase()
      const watch = new DataVersionWatch(fake.database)
      const start = watch.start()
      fake.reads[0]?.fail(new Error('connection terminated'))
      await start
      expect(await watch.current()).toBeNull()
      vi.advanceTimersByTime(1_000)
      expect(fake.reads).toHaveLength(2)
      fake.listening(false)
      fake.reads[1]?.finish(4)
      await Promise.resolve()
      expect(await watch.current()).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
