import { and, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'

/**
 * Removes for good the customers and orders deleted before `before` (undo is no longer
 * possible for them). Their history entries stay. Orders first: a purged customer's
 * orders keep no link to it (former_customer_id is set null by its foreign key).
 */
export function purgeDeleted(db: Db, before: Date): Promise<{ customers: number; orders: number }> {
  return db.transaction(async (tx) => {
    const cutoff = sql`${before.toISOString()}::timestamptz`
    const purgedOrders = await tx
      .delete(orders)
      .where(and(isNotNull(orders.deletedAt), lt(orders.deletedAt, cutoff)))
      .returning({ id: orders.id })
    const purgedCustomers = await tx
      .delete(customers)
      .where(and(isNotNull(customers.deletedAt), lt(customers.deletedAt, cutoff)))
      .returning({ id: customers.id })
    return { customers: purgedCustomers.length, orders: purgedOrders.length }
  })
}
