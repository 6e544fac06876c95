import { desc, asc, ne, sql } from 'drizzle-orm'
import { ORDER_STATUSES } from '../../shared/constants'
import type { CustomersByCity, OrdersByStatus } from '../../shared/stats'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'

/**
 * Customers per city, largest first, ties by city name. Customers with no city are
 * left out: an empty bar labelled "" says nothing on the overview chart.
 */
export async function customersByCity(db: Db): Promise<CustomersByCity> {
  const count = sql<number>`count(*)::int`
  const cities = await db
    .select({ city: customers.city, count })
    .from(customers)
    .where(ne(customers.city, ''))
    .groupBy(customers.city)
    .orderBy(desc(count), asc(customers.city))
  return { cities }
}

/** Orders per status, all three statuses always present (0 when none), in one GROUP BY. */
export async function ordersByStatus(db: Db): Promise<OrdersByStatus> {
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .groupBy(orders.status)
  const counts = new Map(rows.map((row) => [row.status, row.count]))
  const statuses = ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }))
  return { statuses, total: statuses.reduce((sum, s) => sum + s.count, 0) }
}
