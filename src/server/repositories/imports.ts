import { and, inArray, isNull } from 'drizzle-orm'
import type { CustomerData } from '../../shared/customer'
import type { OrderData } from '../../shared/order'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'
import { recordChange, type ChangeActor } from './history'

// Rows per INSERT: well under PostgreSQL's 65,535 parameters, few round trips.
const BATCH = 1_000

const plural = (n: number, what: string) => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`

/**
 * Inserts `rows` in batches inside one transaction with one history entry: a failure or a
 * killed server leaves nothing half-imported.
 */
async function importRows<Row>(
  db: Db,
  entity: 'customer' | 'order',
  rows: Row[],
  insert: (tx: Db, batch: Row[]) => Promise<unknown>,
  actor: ChangeActor,
): Promise<number> {
  return db.transaction(async (tx) => {
    for (let from = 0; from < rows.length; from += BATCH) {
      await insert(tx, rows.slice(from, from + BATCH))
    }
    await recordChange(tx, actor, {
      action: 'import',
      entity,
      entityId: null,
      summary: `Imported ${plural(rows.length, entity)}`,
      changes: {},
    })
    return rows.length
  })
}

export function importCustomers(db: Db, rows: CustomerData[], actor: ChangeActor) {
  return importRows(db, 'customer', rows, (tx, batch) => tx.insert(customers).values(batch), actor)
}

export function importOrders(db: Db, rows: OrderData[], actor: ChangeActor) {
  return importRows(
    db,
    'order',
    rows,
    (tx, batch) =>
      tx.insert(orders).values(
        batch.map((row) => ({
          customerId: row.customer,
          status: row.status,
          totalAmount: row.total_Amount,
        })),
      ),
    actor,
  )
}

/** Which of `ids` are live customers (an order may only point at one). */
export async function liveCustomerIds(db: Db, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>()
  for (let from = 0; from < ids.length; from += 10_000) {
    const rows = await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(inArray(customers.id, ids.slice(from, from + 10_000)), isNull(customers.deletedAt)),
      )
    for (const row of rows) found.add(row.id)
  }
  return found
}
