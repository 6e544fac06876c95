import { and, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { OrderBulk } from '#shared/bulk'
import type { OrderStatus } from '#shared/constants'
import type { Db } from '../db/client'
import { orders } from '../db/schema'
import { changeAll, type BulkDone } from './bulk-history'
import { whole, type ChangeActor } from './history'
import { orderColumns, recorded } from './orders'

/** The orders as the API shows them, deleted or not (a delete's event shows the order). */
function read(tx: Db, ids: number[]) {
  return tx.select(orderColumns).from(orders).where(inArray(orders.id, ids)).orderBy(orders.id)
}

async function deleteAll(tx: Db, ids: number[]): Promise<BulkDone> {
  const rows = await tx
    .update(orders)
    .set({ deletedAt: sql`now()` })
    .where(and(inArray(orders.id, ids), sql`${orders.deletedAt} is null`))
    .returning({ id: orders.id })
  const done = rows.map((r) => r.id)
  const entries = (await read(tx, done)).map((order) => ({
    entityId: order.id,
    summary: `Order ORD-${order.id} deleted`,
    changes: whole(recorded(order), 'deleted'),
    object: order,
  }))
  return { entries, done }
}

async function restoreAll(tx: Db, ids: number[]): Promise<BulkDone> {
  const rows = await tx
    .update(orders)
    .set({ deletedAt: null })
    .where(and(inArray(orders.id, ids), isNotNull(orders.deletedAt)))
    .returning({ id: orders.id })
  const done = rows.map((r) => r.id)
  const entries = (await read(tx, done)).map((order) => ({
    entityId: order.id,
    summary: `Order ORD-${order.id} restored`,
    changes: whole(recorded(order), 'created'),
    object: order,
  }))
  return { entries, done }
}

/** Moves the live orders to `status`; those already in it change nothing. */
async function statusAll(tx: Db, ids: number[], status: OrderStatus): Promise<BulkDone> {
  const before = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(inArray(orders.id, ids), sql`${orders.deletedAt} is null`))
    .for('update')
  const was = new Map(before.map((o) => [o.id, o.status]))
  const moved = await tx
    .update(orders)
    .set({ status, version: sql`${orders.version} + 1` })
    .where(and(inArray(orders.id, [...was.keys(), 0]), ne(orders.status, status)))
    .returning({ id: orders.id })
  const entries = (
    await read(
      tx,
      moved.map((r) => r.id),
    )
  ).map((order) => ({
    entityId: order.id,
    summary: `Order ORD-${order.id} status ${was.get(order.id) ?? '—'} → ${status}`,
    changes: { status: [was.get(order.id) ?? null, status] as [unknown, unknown] },
    object: order,
  }))
  return { entries, done: [...was.keys()] }
}

function statusOf(body: OrderBulk): OrderStatus {
  if (body.status === undefined) throw new Error('the body schema requires a status')
  return body.status
}

/** A bulk change of orders in one transaction: every id changes, or none does. */
export async function bulkOrders(
  db: Db,
  body: OrderBulk,
  actor: ChangeActor,
): Promise<{ changed: number } | { refused: number[] }> {
  const action = body.action === 'status' ? 'update' : body.action
  return changeAll(db, body.ids, { actor, entity: 'order', action }, (tx, ids) =>
    body.action === 'delete'
      ? deleteAll(tx, ids)
      : body.action === 'restore'
        ? restoreAll(tx, ids)
        : statusAll(tx, ids, statusOf(body)),
  )
}
