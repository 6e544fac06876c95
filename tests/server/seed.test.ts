import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '../../src/server/auth/passwords'
import { createAgent } from '../../src/server/repositories/agents'
import { DEMO_COUNTS, seedDemoIfNeeded } from '../../src/server/seed'
import type { Db } from '../../src/server/db/client'
import { useTestApp } from './helpers/test-app'

const s = useTestApp()

async function counts(db: Db) {
  const [row] = await db
    .select({
      agents: sql<number>`(select count(*)::int from agents)`,
      customers: sql<number>`(select count(*)::int from customers)`,
      orders: sql<number>`(select count(*)::int from orders)`,
    })
    .from(sql`(select 1) as one`)
  return row
}

describe('demo seeding at start', () => {
  it('seeds a database with no agents: sign-ins, customers and orders', async () => {
    const result = await seedDemoIfNeeded(s.database.db)
    expect(result?.signIns.map((d) => d.username)).toEqual(['demo', 'tester'])
    expect(await counts(s.database.db)).toEqual({
      agents: 2,
      customers: DEMO_COUNTS.customers,
      orders: DEMO_COUNTS.orders,
    })
    expect(await seedDemoIfNeeded(s.database.db)).toBeUndefined()
  })

  it('leaves nothing behind when it fails half-way, so the next start seeds again', async () => {
    const { db } = s.database
    // The orders, inserted last, fail: the sign-ins and customers must go with them.
    await db.execute(sql`create function refuse() returns trigger language plpgsql as
      $$ begin raise exception 'killed while seeding'; end $$`)
    await db.execute(sql`create trigger refuse before insert on orders
      for each statement execute function refuse()`)
    try {
      await expect(seedDemoIfNeeded(db)).rejects.toThrow()
      expect(await counts(db)).toEqual({ agents: 0, customers: 0, orders: 0 })
    } finally {
      await db.execute(sql`drop trigger refuse on orders`)
      await db.execute(sql`drop function refuse()`)
    }
    await seedDemoIfNeeded(db)
    expect((await counts(db))?.orders).toBe(DEMO_COUNTS.orders)
  })

  it('completes the demo data an older version left with sign-ins but no rows', async () => {
    const { db } = s.database
    for (const username of ['demo', 'tester']) {
      await createAgent(db, { username, passwordHash: await hashPassword('x'), role: 'Agent' })
    }
    const result = await seedDemoIfNeeded(db)
    expect(result?.signIns).toEqual([])
    expect(await counts(db)).toEqual({
      agents: 2,
      customers: DEMO_COUNTS.customers,
      orders: DEMO_COUNTS.orders,
    })
  })

  it('seeds nothing where real agents work, even with no customers yet', async () => {
    const { db } = s.database
    await createAgent(db, {
      username: 'owner',
      passwordHash: await hashPassword('x'),
      role: 'Admin',
    })
    expect(await seedDemoIfNeeded(db)).toBeUndefined()
    expect(await counts(db)).toEqual({ agents: 1, customers: 0, orders: 0 })
  })
})
