import { sql } from 'drizzle-orm'
import type { Db } from '../../../src/server/db/client'

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
