import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '../../../src/server/db/client'
import type { CustomerList } from '../../../src/shared/customer'
import type { OrderList } from '../../../src/shared/order'
import { call } from './test-app'

/**
 * `n` customers straight into the database, names in mixed case, with repeated names and
 * dates (ties for every ordering). Nothing is announced: a fresh app has nothing to forget.
 */
export async function seedCustomers(db: Db, n: number): Promise<void> {
  await db.execute(sql`
    insert into customers (name, email, city, country, phone, date_created)
    select (array['alice', 'Bob', 'carol', 'Dave'])[1 + g % 4] || ' ' || (g % 97),
           'c' || g || '@example.com', (array['Oslo', 'lima', 'Paris'])[1 + g % 3], 'Land',
           '555-' || g, timestamptz '2026-01-01' + (g % 50) * interval '1 hour'
    from generate_series(1, ${n}) g`)
}

/** `n` orders without a customer, with repeated statuses, amounts and dates. */
export async function seedOrders(db: Db, n: number): Promise<void> {
  await db.execute(sql`
    insert into orders (customer_id, status, total_amount, date_created)
    select null, (array['Delivered', 'Pending', 'Out for delivery'])[1 + g % 3], (g % 40) * 2.5,
           timestamptz '2026-01-01' + (g % 30) * interval '1 minute'
    from generate_series(1, ${n}) g`)
}

/** GET `url` as `token`; fails the test unless it answers 200. */
export async function readList<T>(app: FastifyInstance, token: string, url: string): Promise<T> {
  const res = await call(app, 'GET', url, { token })
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json<T>()
}

/** The ids of a customer or order page, in its order. */
export const idsOf = (page: CustomerList | OrderList) =>
  ('Customers' in page ? page.Customers : page.Orders).map((row) => row.id)

/** Every id of `path?query`, walked page by page with `after` (at most 1,000 pages). */
export async function walkIds(app: FastifyInstance, token: string, path: string, query: string) {
  const ids: number[] = []
  let next: string | null = null
  let pages = 0
  do {
    const after: string = next ? `&after=${next}` : ''
    const page: CustomerList | OrderList = await readList(app, token, `${path}?${query}${after}`)
    ids.push(...idsOf(page))
    next = page.next
    pages++
  } while (next && pages < 1000)
  return ids
}
