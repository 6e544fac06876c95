import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { MAX_ROW_ID, ORDER_STATUSES } from '../../shared/constants'
import type { Order, OrderData, OrderListQuery, OrderOrderField } from '../../shared/order'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'
import { isoDate } from './iso-date'
import {
  countWhere,
  likePattern,
  orderingKeys,
  paged,
  readListPage,
  type Sortable,
} from './list-page'

const columns = {
  id: orders.id,
  customer: orders.customerId,
  customer_name: customers.name,
  status: sql<Order['status']>`${orders.status}`,
  // numeric(12,2) as text keeps both places ("125.50") on every driver.
  total_Amount: sql<string>`${orders.totalAmount}::text`,
  date_created: isoDate(orders.dateCreated),
}

const sortable: Sortable<OrderOrderField> = {
  orderable: {
    id: orders.id,
    customer: orders.customerId,
    customer_name: customers.name,
    status: orders.status,
    total_Amount: orders.totalAmount,
    date_created: orders.dateCreated,
  },
  id: orders.id,
  dateCreated: orders.dateCreated,
}

// An alias keeps the search subquery apart from the join that supplies customer_name.
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
        .where(ilike(named.name, likePattern(text))),
    ),
  )
}

function filters(db: Db, query: OrderListQuery): SQL | undefined {
  return and(
    query.search ? orderSearch(db, query.search) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    // An id no row can have matches nothing (and must not reach the integer column).
    query.customer === undefined
      ? undefined
      : query.customer <= MAX_ROW_ID
        ? eq(orders.customerId, query.customer)
        : sql`false`,
  )
}

/** The page and the count of a list call, unexecuted (tests EXPLAIN them). */
export function orderListQueries(db: Db, query: OrderListQuery) {
  const where = filters(db, query)
  const rows = db
    .select(columns)
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(...orderingKeys(sortable, query.ordering))
    .$dynamic()
  // Every filter is on orders' own columns, so counting needs no join.
  return { rows: paged(rows, query), count: countWhere(db, orders, where) }
}

export async function listOrders(
  db: Db,
  query: OrderListQuery,
): Promise<{ Orders: Order[]; count: number }> {
  const { rows, count } = await readListPage(orderListQueries(db, query))
  return { Orders: rows, count }
}

export async function findOrder(db: Db, id: number): Promise<Order | undefined> {
  const [row] = await db
    .select(columns)
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, id))
  return row
}

function values(data: OrderData) {
  return { customerId: data.customer, status: data.status, totalAmount: data.total_Amount }
}

/**
 * Inserts and reads back in one transaction: another request deleting the new order in
 * between cannot see it before the commit, so the answer is always the committed row.
 */
export function createOrder(db: Db, data: OrderData): Promise<Order> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(orders).values(values(data)).returning({ id: orders.id })
    const order = row && (await findOrder(tx, row.id))
    if (!order) throw new Error('insert returned no row')
    return order
  })
}

export function updateOrder(db: Db, id: number, data: OrderData): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set(values(data))
      .where(eq(orders.id, id))
      .returning({ id: orders.id })
    return row ? findOrder(tx, row.id) : undefined
  })
}

export async function deleteOrder(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id })
  return rows.length > 0
}
