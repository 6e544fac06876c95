import { and, eq, isNull, sql } from 'drizzle-orm'
import { ORDER_STATUSES } from '#shared/constants'
import { SUMMARY_ORDERS_LIMIT, type CustomerSummary } from '#shared/customer'
import type { Db } from '../db/client'
import { orders } from '../db/schema'
import { findCustomer } from './customers'
import { isoDate } from './iso-date'
import { lastContact } from './notes'
import { listOrders } from './orders'

/**
 * A customer, the figures of its live orders (one pass over that customer's entries of
 * orders_customer_date_idx: a handful of rows, however large the table) and the first page
 * of them, so the customer page needs one call.
 */
export async function customerSummary(db: Db, id: number): Promise<CustomerSummary | undefined> {
  // Four reads of one customer, asked at once (each on its own connection on PostgreSQL):
  // the call waits for the slowest, not for the four one after the other.
  const [customer, rows, ordersPage, contacted] = await Promise.all([
    findCustomer(db, id),
    db
      .select({
        status: orders.status,
        count: sql<number>`count(*)::int`,
        total: sql<string>`sum(${orders.totalAmount})::text`,
        first: sql<string>`min(${isoDate(orders.dateCreated)})`,
        last: sql<string>`max(${isoDate(orders.dateCreated)})`,
      })
      .from(orders)
      .where(and(eq(orders.customerId, id), isNull(orders.deletedAt)))
      .groupBy(orders.status),
    listOrders(db, { customer: id, limit: SUMMARY_ORDERS_LIMIT }),
    lastContact(db, id),
  ])
  if (!customer) return undefined
  const count = rows.reduce((sum, row) => sum + row.count, 0)
  // Cents as integers, so the sum of the groups is exact.
  const cents = rows.reduce((sum, row) => sum + BigInt(row.total.replace('.', '')), 0n)
  const dates = rows.flatMap((row) => [row.first, row.last]).sort()
  return {
    customer,
    orders: {
      count,
      total_amount: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
      by_status: ORDER_STATUSES.map((status) => ({
        status,
        count: rows.find((row) => row.status === status)?.count ?? 0,
      })),
      first_order: dates[0] ?? null,
      last_order: dates.at(-1) ?? null,
    },
    last_contact: contacted,
    orders_page: ordersPage,
  }
}
