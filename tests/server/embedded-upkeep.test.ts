import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startEmbeddedUpkeep, tablesDue, upkeep } from '../../src/server/jobs/embedded-upkeep'
import { useTestApp } from './helpers/test-app'

const s = useTestApp({ ownDatabase: true })
afterEach(() => vi.useRealTimers())
// On PostgreSQL autovacuum could get to the table between two steps of a test.
beforeEach(async () => {
  await s.database.db.execute(sql`alter table customers set (autovacuum_enabled = false)`)
})

async function addCustomers(count: number) {
  await s.database.db.execute(sql`
    insert into customers (name, email, city, country, phone)
    select 'Customer ' || g, 'c' || g || '@example.com', 'City', 'Country', '555-' || g
    from generate_series(1, ${count}::int) g`)
}

/** When customers was last vacuumed and analysed by hand, and its pages known all-visible. */
async function customersState() {
  const result = await s.database.db.execute(sql`
    select s.last_vacuum::text as vacuumed, s.last_analyze::text as analysed,
           c.relallvisible::int as visible
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.relname = 'customers'`)
  const { rows } = result as {
    rows: { vacuumed: string | null; analysed: string | null; visible: number }[]
  }
  return rows[0] ?? { vacuumed: null, analysed: null, visible: 0 }
}

describe('the embedded database upkeep (what autovacuum does on PostgreSQL)', () => {
  it('vacuums and analyses a table once enough rows went in, and not again until more do', async () => {
    const before = await customersState()
    await addCustomers(3000)
    expect(await tablesDue(s.database.db)).toContainEqual({ table: 'customers', vacuum: true })
    await upkeep(s.database.db)
    const after = await customersState()
    expect(after.vacuumed).not.toBe(before.vacuumed)
    expect(after.analysed).not.toBe(before.analysed)
    // Pages marked all-visible: a count can now be read from an index alone.
    expect(after.visible).toBeGreaterThan(0)
    expect((await tablesDue(s.database.db)).map((due) => due.table)).not.toContain('customers')
  })

  it('only analyses a table whose rows changed but did not leave many dead ones', async () => {
    await addCustomers(3000)
    await upkeep(s.database.db)
    // 400 changed rows: over 50 + 10 % of 3,000 (analyse), under 50 + 20 % (vacuum).
    await s.database.db.execute(
      sql`update customers set city = 'Elsewhere' where id in (select id from customers order by id limit 400)`,
    )
    expect(await tablesDue(s.database.db)).toContainEqual({ table: 'customers', vacuum: false })
    const before = await customersState()
    await upkeep(s.database.db)
    const after = await customersState()
    expect(after.analysed).not.toBe(before.analysed)
    expect(after.vacuumed).toBe(before.vacuumed)
  })

  it('vacuums a table never vacuumed nor analysed, however few its rows (figures lost with a restart)', async () => {
    const db = s.database.db
    await db.execute(sql`create table upkeep_probe (id int primary key)`)
    await db.execute(sql`insert into upkeep_probe select generate_series(1, 10)`)
    expect(await tablesDue(db)).toContainEqual({ table: 'upkeep_probe', vacuum: true })
    await upkeep(db)
    expect((await tablesDue(db)).map((due) => due.table)).not.toContain('upkeep_probe')
    await db.execute(sql`drop table upkeep_probe`)
  })

  it('runs once a minute until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    await addCustomers(3000)
    const before = await customersState()
    const job = startEmbeddedUpkeep(s.database)
    vi.advanceTimersByTime(59_999)
    await job.stop()
    expect((await customersState()).vacuumed).toBe(before.vacuumed)
    const next = startEmbeddedUpkeep(s.database)
    vi.advanceTimersByTime(60_000)
    await next.stop()
    expect((await customersState()).vacuumed).not.toBe(before.vacuumed)
  })
})
