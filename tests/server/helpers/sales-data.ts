import type { Database } from '../../../src/server/db/client'
import { customers, orders } from '../../../src/server/db/schema'

/**
 * Rows for the sales report tests, written straight into the tables so each carries the
 * exact date_created a case needs (the API dates a record by the clock).
 */
export async function addCustomer(
  database: Database,
  values: { name?: string; city?: string; at?: string } = {},
): Promise<number> {
  const [row] = await database.db
    .insert(customers)
    .values({
      name: values.name ?? 'Customer',
      city: values.city ?? '',
      ...(values.at ? { dateCreated: values.at } : {}),
    })
    .returning({ id: customers.id })
  if (!row) throw new Error('no customer inserted')
  return row.id
}

export async function addOrder(
  database: Database,
  values: { at: string; amount: string; customer?: number | null; status?: string },
): Promise<number> {
  const [row] = await database.db
    .insert(orders)
    .values({
      customerId: values.customer ?? null,
      status: values.status ?? 'Pending',
      totalAmount: values.amount,
      dateCreated: values.at,
    })
    .returning({ id: orders.id })
  if (!row) throw new Error('no order inserted')
  return row.id
}
