import { sql, type SQLWrapper } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import { customerListQuery, type CustomerQuery } from '../../src/server/repositories/customers'
import { orderListQuery } from '../../src/server/repositories/orders'
import type { OrderListQuery } from '../../src/shared/order'
import { createAgentAndLogin } from './helpers/factories'
import { useTestApp } from './helpers/test-app'

const s = useTestApp({ shareRows: true })
let seeding: Promise<{ owner: number }> | undefined

/** The file's rows, made by its first test and read by both: answers the owner's id. */
function seeded(): Promise<{ owner: number }> {
  seeding ??= (async () => {
    const owner = await createAgentAndLogin(s.app, s.database)
    const other = await createAgentAndLogin(s.app, s.database)
    await seed(s.database.db, owner.id, other.id)
    return { owner: owner.id }
  })()
  return seeding
}

async function seed(db: Db, owner: number, other: number) {
  // The server's statement timeout is for a person's request; a seed of 80,000 rows on a
  // busy machine may take longer (CI once cancelled the orders' insert).
  await db.transaction((tx) => seedRows(tx as unknown as Db, owner, other))
  await db.execute(sql`analyze customers`)
  await db.execute(sql`analyze orders`)
}

async function seedRows(db: Db, owner: number, other: number) {
  await db.execute(sql`set local statement_timeout = 0`)
  await db.execute(sql`
    insert into customers (name, email, city, country, phone, date_created, owner_id)
    select 'Customer ' || g, 'c' || g || '@example.com', 'City ' || (g % 200), 'Country ' || (g % 40),
           '555-' || g, now() - g * interval '1 minute',
           case g % 20 when 0 then null when 1 then ${owner}::int else ${other}::int end
    from generate_series(1, 20000) g`)
  await db.execute(sql`
    insert into orders (customer_id, status, total_amount, date_created)
    select 1 + g % 20000, (array['Pending', 'Out for delivery', 'Delivered'])[1 + g % 3], g % 5000,
           now() - g * interval '1 minute'
    from generate_series(1, 60000) g`)
}

/**
 * The plan with sequential scans and plain index walks priced out (as in indexes.test.ts):
 * what is left finds its rows by the filter's own condition, or scans the table.
 */
async function plan(db: Db, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    await tx.execute(sql`set local enable_indexscan = off`)
    const result = await tx.execute(sql`explain ${query}`)
    const { rows } = result as { rows: Record<string, string>[] }
    return rows.map((row) => Object.values(row)[0]).join('\n')
  })
}

describe('every list filter is served by an index', () => {
  it('finds and counts customers by owner, city, country and created dates through their indexes', async () => {
    const { owner } = await seeded()
    const cases: [CustomerQuery, string][] = [
      [{ owner }, 'customers_owner_idx'],
      [{ owner: 'none' }, 'customers_owner_idx'],
      [{ city: 'City 7' }, 'customers_city_idx'],
      [{ country: 'Country 3' }, 'customers_country_idx'],
      [{ created_from: '2020-01-01', created_to: '2020-01-31' }, 'customers_date_idx'],
    ]
    for (const [query, index] of cases) {
      const { rows, total } = customerListQuery(s.database.db, { ...query, limit: 25 })
      const label = JSON.stringify(query)
      expect(await plan(s.database.db, rows), label).toContain(index)
      expect(await plan(s.database.db, sql`select ${total.count}`), label).toContain(index)
      expect(await plan(s.database.db, sql`select ${total.count}`), label).not.toContain('Seq Scan')
    }
  })

  it('finds and counts orders by statuses, amount range and created dates through their indexes', async () => {
    await seeded()
    const cases: [OrderListQuery, RegExp][] = [
      [{ status: ['Pending', 'Delivered'] }, /orders_status_\w+_idx/],
      [
        { amount_min: '4990.00', amount_max: '4999.00' },
        /orders_amount_idx|orders_status_amount_idx/,
      ],
      [{ created_from: '2020-01-01', created_to: '2020-01-31' }, /orders_date_idx/],
      [{ status: ['Pending'], amount_min: '4990.00' }, /orders_status_amount_idx/],
    ]
    for (const [query, index] of cases) {
      const { rows, total } = orderListQuery(s.database.db, { ...query, limit: 25 })
      const label = JSON.stringify(query)
      expect(await plan(s.database.db, rows), label).toMatch(index)
      // A count kept in the counters table reads no order at all.
      expect(await plan(s.database.db, sql`select ${total.count}`), label).not.toContain('Seq Scan')
    }
  })

  it('counts customers of an owner in a city or a country from that index alone', async () => {
    const { owner } = await seeded()
    const db = s.database.db
    // The visibility map VACUUM sets lets PostgreSQL skip the rows (as autovacuum does).
    await db.execute(sql`vacuum analyze customers`)
    const cases: [CustomerQuery, string][] = [
      [{ owner, city: 'City 7' }, 'customers_city_idx'],
      [{ owner: 'none', country: 'Country 3' }, 'customers_country_idx'],
    ]
    for (const [query, index] of cases) {
      const { total } = customerListQuery(db, { ...query, limit: 25 })
      const shown = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        const result = await tx.execute(sql`explain select ${total.count}`)
        return (result as { rows: Record<string, string>[] }).rows
          .map((row) => Object.values(row)[0])
          .join('\n')
      })
      expect(shown, JSON.stringify(query)).toContain(`Index Only Scan using ${index}`)
    }
  })
})
