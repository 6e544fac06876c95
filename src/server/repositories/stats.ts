import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { ORDER_STATUSES } from '#shared/constants'
import type { CustomersByCity, CustomersByCountry, OrdersByStatus } from '#shared/stats'
import type { Db } from '../db/client'
import { counters, customers } from '../db/schema'

/**
 * Customers per city, largest first, ties by city name, from the kept totals. Customers
 * with no city are left out: an empty bar labelled "" says nothing on the overview chart.
 */
export async function customersByCity(db: Db): Promise<CustomersByCity> {
  const cities = await db
    .select({ city: counters.name, count: counters.n })
    .from(counters)
    .where(and(eq(counters.scope, 'city'), gt(counters.n, 0)))
    .orderBy(desc(counters.n), asc(counters.name))
  return { cities: cities.map((c) => ({ city: c.city, count: Number(c.count) })) }
}

/**
 * Orders per status with their total amount, all three statuses always present (0 when
 * none), from the kept totals.
 */
export async function ordersByStatus(db: Db): Promise<OrdersByStatus> {
  const rows = await db
    .select({
      status: counters.name,
      count: counters.n,
      amount: sql<string>`round(${counters.amount}, 2)::text`,
    })
    .from(counters)
    .where(eq(counters.scope, 'status'))
  const kept = new Map(rows.map((row) => [row.status, row]))
  const statuses = ORDER_STATUSES.map((status) => ({
    status,
    count: Number(kept.get(status)?.count ?? 0),
    total_amount: kept.get(status)?.amount ?? '0.00',
  }))
  return { statuses, total: statuses.reduce((sum, s) => sum + s.count, 0) }
}

/** Customers per country as stored (trimmed), largest first, ties by name; none left out. */
export async function customersByCountry(db: Db): Promise<CustomersByCountry> {
  const count = sql<number>`count(*)::int`
  const countries = await db
    .select({ country: customers.country, count })
    .from(customers)
    .where(and(isNull(customers.deletedAt), sql`${customers.country} <> ''`))
    .groupBy(customers.country)
    .orderBy(desc(count), asc(customers.country))
  return { countries }
}
