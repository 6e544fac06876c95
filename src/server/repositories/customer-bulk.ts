import { and, inArray, isNotNull, sql } from 'drizzle-orm'
import type { CustomerBulk } from '#shared/bulk'
import type { Customer } from '#shared/customer'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'
import { changeAll, type BulkDone } from './bulk-history'
import { customerColumns, liveCustomer } from './customers'
import { whole, type ChangeActor } from './history'

const owner = (c: Pick<Customer, 'owner'>) => c.owner?.username ?? null
const orderCount = (n: number) => `${n} order${n === 1 ? '' : 's'}`

async function deleteAll(tx: Db, ids: number[]): Promise<BulkDone> {
  const rows = await tx
    .update(customers)
    .set({ deletedAt: sql`now()` })
    .where(and(inArray(customers.id, ids), liveCustomer))
    .returning(customerColumns)
  // Their orders lose them but remember them, for a restore to give them back.
  await tx
    .update(orders)
    .set({ formerCustomerId: sql`${orders.customerId}`, customerId: null })
    .where(inArray(orders.customerId, ids))
  const entries = rows.map((row) => ({
    entityId: row.id,
    summary: `Customer ${row.name} deleted`,
    changes: whole(row, 'deleted'),
    object: row,
  }))
  return { entries, done: rows.map((r) => r.id) }
}

async function restoreAll(tx: Db, ids: number[]): Promise<BulkDone> {
  const rows = await tx
    .update(customers)
    .set({ deletedAt: null })
    .where(and(inArray(customers.id, ids), isNotNull(customers.deletedAt)))
    .returning(customerColumns)
  const relinked = await tx
    .update(orders)
    .set({ customerId: sql`${orders.formerCustomerId}`, formerCustomerId: null })
    .where(inArray(orders.formerCustomerId, ids))
    .returning({ customer: orders.customerId })
  const counts = new Map<number | null, number>()
  for (const { customer } of relinked) counts.set(customer, (counts.get(customer) ?? 0) + 1)
  const entries = rows.map((row) => ({
    entityId: row.id,
    summary: `Customer ${row.name} restored, with ${orderCount(counts.get(row.id) ?? 0)}`,
    changes: whole(row, 'created'),
    object: row,
  }))
  return { entries, done: rows.map((r) => r.id) }
}

/** Gives the live customers `ownerId`; those it already owns change nothing. */
async function assignAll(tx: Db, ids: number[], ownerId: number | null): Promise<BulkDone> {
  const before = await tx
    .select(customerColumns)
    .from(customers)
    .where(and(inArray(customers.id, ids), liveCustomer))
    .for('update')
  const moving = before.filter((c) => (c.owner?.id ?? null) !== ownerId)
  const byId = new Map(moving.map((c) => [c.id, c]))
  const rows =
    moving.length === 0
      ? []
      : await tx
          .update(customers)
          .set({ ownerId, version: sql`${customers.version} + 1` })
          .where(inArray(customers.id, [...byId.keys()]))
          .returning(customerColumns)
  const entries = rows.map((row) => {
    const [was, now] = [owner(byId.get(row.id) ?? row), owner(row)]
    return {
      entityId: row.id,
      summary: `Customer ${row.name} owner ${was ?? '—'} → ${now ?? '—'}`,
      changes: { owner: [was, now] as [unknown, unknown] },
      object: row,
    }
  })
  return { entries, done: before.map((c) => c.id) }
}

/**
 * A bulk change of customers in one transaction (API contract "Bulk changes"): every id
 * changes, or none does and the bad ids come back. `ownerId` is the checked owner of an
 * `assign`.
 */
export async function bulkCustomers(
  db: Db,
  body: CustomerBulk,
  actor: ChangeActor,
  ownerId: number | null = null,
): Promise<{ changed: number } | { refused: number[] }> {
  const action = body.action === 'assign' ? 'update' : body.action
  return changeAll(db, body.ids, { actor, entity: 'customer', action }, (tx, ids) =>
    body.action === 'delete'
      ? deleteAll(tx, ids)
      : body.action === 'restore'
        ? restoreAll(tx, ids)
        : assignAll(tx, ids, ownerId),
  )
}
