import { sql, type SQLWrapper } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customerListQueries } from '../../src/server/repositories/customers'
import { orderListQueries } from '../../src/server/repositories/orders'
import type { Db } from '../../src/server/db/client'
import { useTestApp } from './helpers/test-app'

const s = useTestApp()

async function seed(db: Db) {
  await db.execute(sql`
    insert into customers (name, email, city, country, phone, date_created)
    select case when g = 1234 then 'Zebulon Quixote' else 'Customer ' || g end, 'c' || g || '@example.com', 'City ' || (g % 50), 'Country', '555-' || g,
           now() - g * interval '1 minute'
    from generate_series(1, 3000) g`)
  await db.execute(sql`
    insert into orders (customer_id, status, total_amount, date_created)
    select 1 + g % 3000, (array['Pending', 'Out for delivery', 'Delivered'])[1 + g % 3], g % 1000,
           now() - g * interval '1 minute'
    from generate_series(1, 6000) g`)
  await db.execute(sql`analyze customers`)
  await db.execute(sql`analyze orders`)
}

/**
 * The plan PostgreSQL picks with sequential scans priced out (a few thousand rows are
 * cheaper to scan than to look up): if it still scans the table, no index can serve
 * the query. `bitmapOnly` also prices out plain index scans (walking the primary key
 * and filtering), leaving only index lookups by the condition itself.
 */
async function plan(db: Db, query: SQLWrapper, bitmapOnly = false): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    if (bitmapOnly) await tx.execute(sql`set local enable_indexscan = off`)
    const result = await tx.execute(sql`explain ${query}`)
    const { rows } = result as { rows: Record<string, string>[] }
    return rows.map((row) => Object.values(row)[0]).join('\n')
  })
}

describe('list queries use the indexes', () => {
  it('pages customers newest first from the date index, without reading every row', async () => {
    await seed(s.database.db)
    const { rows } = customerListQueries(s.database.db, { limit: 50 })
    const explained = await plan(s.database.db, rows)
    expect(explained).toMatch(/^Limit/)
    expect(explained).toContain('customers_date_created_idx')
    expect(explained).not.toMatch(/Sort/)
  })

  it('counts a customer search through the trigram index', async () => {
    await seed(s.database.db)
    const { count } = customerListQueries(s.database.db, { search: 'er 12', limit: 50 })
    expect(await plan(s.database.db, count, true)).toContain('customers_search_trgm_idx')
  })

  it('finds orders by customer name through the name trigram index', async () => {
    await seed(s.database.db)
    const { count, rows } = orderListQueries(s.database.db, { search: 'bulon quix', limit: 50 })
    expect(await plan(s.database.db, count, true)).toContain('customers_name_trgm_idx')
    const page = await plan(s.database.db, orderListQueries(s.database.db, { limit: 50 }).rows)
    expect(page).toMatch(/^Limit/)
    expect(page).toContain('orders_date_created_idx')
    expect(await plan(s.database.db, rows)).toMatch(/^Limit/)
  })
})
