import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { MAX_ROW_ID, ORDER_STATUSES } from '#shared/constants'
import type { Order, OrderData, OrderListQuery, OrderOrderField } from '#shared/order'
import type { Db } from '../db/client'
import { customerKey, customers, orders, statusRank } from '../db/schema'
import {
  describeChanges,
  diff,
  recordChange,
  whole,
  type ChangeActor,
  type Updated,
} from './history'
import { createdBetween, hasRange } from './created-between'
import { isoDate } from './iso-date'
import { amountRangeTotal } from './order-amount-total'
import {
  cappedCount,
  exactCount,
  finishPage,
  keptCount,
  keyText,
  likePattern,
  pageOf,
  rowsToRead,
  type ListRows,
  type Page,
  type Sortable,
} from './list-page'
import { asValue, bindList, runShaped, shapeOf, type Bind } from './shaped-statements'

export const orderColumns = {
  id: orders.id,
  customer: orders.customerId,
  // A subquery, not a join: one scan less for the planner to weigh at every call.
  customer_name: sql<
    string | null
  >`(select ${customers.name} from ${customers} where ${customers.id} = ${orders.customerId})`,
  status: sql<Order['status']>`${orders.status}`,
  // numeric(12,2) as text keeps both places ("125.50") on every driver.
  total_Amount: sql<string>`${orders.totalAmount}::text`,
  date_created: isoDate(orders.dateCreated),
  version: orders.version,
}

/** Deleted orders stay until purged; everything but undo reads the live ones. */
const liveOrder = isNull(orders.deletedAt)

const sortable: Sortable<OrderOrderField> = {
  keys: {
    id: { expr: orders.id, type: 'integer' },
    customer: { expr: customerKey(orders.customerId), type: 'integer' },
    // Kept on the order by triggers (migration 0013), so it has an index like the others.
    customer_name: { expr: orders.customerNameKey, type: 'text' },
    status: { expr: statusRank(orders.status), type: 'integer' },
    total_Amount: { expr: orders.totalAmount, type: 'numeric' },
    date_created: { expr: orders.dateCreated, type: 'timestamptz' },
  },
  id: orders.id,
  defaultOrdering: '-date_created',
}

// An alias keeps the search subquery apart from the one that supplies customer_name.
const named = alias(customers, 'named')

/**
 * Matches the order id (`12` or `ORD-12`), the customer's name (ILIKE, trigram index)
 * or the status. Statuses are three known words, so the match is done here and becomes
 * `status in (...)`; no join is needed, which keeps the count cheap.
 */
function orderSearch(db: Db, text: string): SQL | undefined {
  const needle = text.toLowerCase()
  const statuses = ORDER_STATUSES.filter((s) => s.toLowerCase().includes(needle))
  const id = /^(?:ord-?)?\s*(\d{1,10})$/i.exec(text)?.[1]
  const orderId = id === undefined ? undefined : Number(id)
  return or(
    orderId !== undefined && orderId <= MAX_ROW_ID ? eq(orders.id, orderId) : undefined,
    statuses.length > 0 ? inArray(orders.status, statuses) : undefined,
    inArray(
      orders.customerId,
      db
        .select({ id: named.id })
        .from(named)
        .where(and(ilike(named.name, likePattern(text)), isNull(named.deletedAt))),
    ),
  )
}

function filters(db: Db, query: OrderListQuery, bind: Bind = asValue): SQL | undefined {
  return and(
    liveOrder,
    query.search ? orderSearch(db, query.search) : undefined,
    query.status ? sql`${orders.status} in (${bindList(bind, 'status', query.status)})` : undefined,
    createdBetween(orders.dateCreated, query, bind),
    query.amount_min === undefined
      ? undefined
      : sql`${orders.totalAmount} >= cast(${bind('amount_min', query.amount_min)} as numeric)`,
    query.amount_max === undefined
      ? undefined
      : sql`${orders.totalAmount} <= cast(${bind('amount_max', query.amount_max)} as numeric)`,
    // An id no row can have matches nothing (and must not reach the integer column).
    query.customer === undefined
      ? undefined
      : query.customer <= MAX_ROW_ID
        ? sql`${orders.customerId} = ${bind('customer', query.customer)}`
        : sql`false`,
  )
}

/**
 * The list's total: kept for all orders, per status, and per status and whole amount (an
 * amount range); counted for the rest.
 */
function totalOf(query: OrderListQuery, where: SQL | undefined, bind: Bind = asValue) {
  const matches = sql`select 1 from ${orders} where ${where}`
  if (query.search) return cappedCount(matches)
  if (query.customer !== undefined || hasRange(query)) return exactCount(matches)
  if (query.amount_min !== undefined || query.amount_max !== undefined) {
    return amountRangeTotal(query, bind)
  }
  return query.status ? keptCount('status', query.status, bind) : keptCount('orders', '')
}

/** The ids and sort keys of a page at an offset, from the ordering's index. */
function pageKeys(db: Db, page: Page, where: SQL | undefined) {
  return db
    .select({ id: orders.id, sort_key: keyText(page) })
    .from(orders)
    .where(and(where, page.after))
    .orderBy(...page.orderBy)
}

/** One page in one statement, as customers do (see customerListQuery). */
export function orderListQuery(db: Db, query: OrderListQuery, bind: Bind = asValue) {
  const page = pageOf(sortable, query, bind)
  const where = filters(db, query, bind)
  const total = totalOf(query, where, bind)
  const selected = { ...orderColumns, total: sql<number>`${total.count}`.as('total') }
  if (page.offset === 0) {
    const rows = db
      .select({ ...selected, sort_key: keyText(page) })
      .from(orders)
      .where(and(where, page.after))
      .orderBy(...page.orderBy)
      .limit(rowsToRead(page))
    return { page, total, rows }
  }
  const ids = pageKeys(db, page, where)
    .limit(rowsToRead(page))
    .offset(bind('offset', page.offset) as number)
    .as('page')
  const rows = db
    .select({ ...selected, sort_key: ids.sort_key })
    .from(ids)
    .innerJoin(orders, eq(orders.id, ids.id))
    .orderBy(...page.orderBy)
  return { page, total, rows }
}

/**
 * A page without a search, its statement built once for its shape and run with this
 * call's statuses, amounts, dates, customer and cursor (runShaped). A search's statement
 * depends on its text (an order number, the statuses it names), so it is built each time.
 */
function readPage(db: Db, query: OrderListQuery) {
  if (query.search) return orderListQuery(db, query).rows
  const shape = shapeOf('orders: page', query, {
    status: (statuses) => statuses.length,
    amount_min: () => true,
    amount_max: () => true,
    created_from: () => true,
    created_to: () => true,
    tz: () => true,
    customer: (customer) => customer <= MAX_ROW_ID,
    offset: (offset) => offset > 0,
    after: (after) => after.key === null,
  })
  return runShaped(
    db,
    shape,
    (bind) => orderListQuery(db, query, bind).rows,
    (bind) => {
      const page = pageOf(sortable, query, bind)
      totalOf(query, filters(db, query, bind), bind)
      bind('offset', page.offset)
    },
  )
}

export async function listOrders(
  db: Db,
  query: OrderListQuery,
): Promise<{ Orders: Order[] } & Omit<ListRows<Order>, 'rows'>> {
  const read = await readPage(db, query)
  const page = pageOf(sortable, query)
  const total = totalOf(query, filters(db, query))
  const { rows: shown, ...rest } = await finishPage(db, page, read, total)
  return { Orders: shown, ...rest }
}

export async function findOrder(db: Db, id: number): Promise<Order | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, id), liveOrder))
  return row
}

function values(data: OrderData) {
  // A new customer (or none) also ends any link kept for a deleted customer's restore.
  return {
    customerId: data.customer,
    formerCustomerId: null,
    status: data.status,
    totalAmount: data.total_Amount,
  }
}

/** The fields a history entry tells about. */
export const recorded = (order: Order) => ({
  customer: order.customer,
  status: order.status,
  total_Amount: order.total_Amount,
})

/**
 * Inserts and reads back in one transaction, with its history entry: another request
 * deleting the new order in between cannot see it before the commit, so the answer is
 * always the committed row.
 */
export function createOrder(db: Db, data: OrderData, actor: ChangeActor): Promise<Order> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(orders).values(values(data)).returning({ id: orders.id })
    const order = row && (await findOrder(tx, row.id))
    if (!order) throw new Error('insert returned no row')
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'order',
      entityId: order.id,
      summary: `Order ORD-${order.id} created`,
      changes: whole(recorded(order), 'created'),
      object: order,
    })
    return order
  })
}

/**
 * Changes a live order; a save that changes nothing writes nothing (and no entry). With
 * `expected`, an edit begun from an older version is refused (`conflict`).
 */
export function updateOrder(
  db: Db,
  id: number,
  data: OrderData,
  actor: ChangeActor,
  expected?: number,
): Promise<Updated<Order> | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, id), liveOrder))
      .for('update')
    const before = locked && (await findOrder(tx, id))
    if (!before) return undefined
    if (expected !== undefined && expected !== before.version) {
      return { record: before, conflict: true }
    }
    const changes = diff(recorded(before), {
      customer: data.customer,
      status: data.status,
      total_Amount: data.total_Amount,
    })
    if (Object.keys(changes).length === 0) return { record: before, conflict: false }
    await tx
      .update(orders)
      .set({ ...values(data), version: sql`${orders.version} + 1` })
      .where(eq(orders.id, id))
    const after = await findOrder(tx, id)
    if (!after) throw new Error('updated order vanished')
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'order',
      entityId: id,
      summary: `Order ORD-${id} ${describeChanges(changes)}`,
      changes,
      object: after,
    })
    return { record: after, conflict: false }
  })
}

/** Deletes a live order, reversibly (undo): it leaves every list, statistic and read. */
export function deleteOrder(db: Db, id: number, actor: ChangeActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, id)
    if (!order) return false
    await tx
      .update(orders)
      .set({ deletedAt: sql`now()` })
      .where(eq(orders.id, id))
    await recordChange(tx, actor, {
      action: 'delete',
      entity: 'order',
      entityId: id,
      summary: `Order ORD-${id} deleted`,
      changes: whole(recorded(order), 'deleted'),
      object: order,
    })
    return true
  })
}

/** Brings a deleted order back; undefined when it is not deleted. */
export function restoreOrder(db: Db, id: number, actor: ChangeActor): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ deletedAt: null })
      .where(and(eq(orders.id, id), isNotNull(orders.deletedAt)))
      .returning({ id: orders.id })
    const order = row && (await findOrder(tx, id))
    if (!order) return undefined
    await recordChange(tx, actor, {
      action: 'restore',
      entity: 'order',
      entityId: id,
      summary: `Order ORD-${id} restored`,
      changes: whole(recorded(order), 'created'),
      object: order,
    })
    return order
  })
}
