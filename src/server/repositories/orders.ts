import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { ORDER_STATUSES } from '../../shared/constants'
import type { Order, OrderData, OrderListQuery } from '../../shared/order'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'
import { isoDate, likePattern } from './customers'

const MAX_ROW_ID = 2_147_483_647

const columns = {
  id: orders.id,
  customer: orders.customerId,
  customer_name: customers.name,
  status: sql<Order['status']>`${orders.status}`,
  // numeric(12,2) as text keeps both places ("125.50") on every driver.
  total_Amount: sql<string>`${orders.totalAmount}::text`,
  date_created: isoDate(orders.dateCreated),
}

const orderable = {
  id: orders.id,
  customer: orders.customerId,
  customer_name: customers.name,
  status: orders.status,
  total_Amount: orders.totalAmount,
  date_created: orders.dateCreated,
} as const

function orderBy(ordering: string | undefined): SQL[] {
  if (!ordering) return [desc(orders.dateCreated), desc(orders.id)]
  const direction = ordering.startsWith('-') ? desc : asc
  const field = ordering.replace(/^-/, '') as keyof typeof orderable
  const column = orderable[field] ?? orders.dateCreated
  return column === orders.id ? [direction(column)] : [direction(column), direction(orders.id)]
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

export async function listOrders(
  db: Db,
  query: OrderListQuery,
): Promise<{ Orders: Order[]; count: number }> {
  const where = filters(db, query)
  const rowsQuery = db
    .select(columns)
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(...orderBy(query.ordering))
    .$dynamic()
  if (query.limit !== undefined) rowsQuery.limit(query.limit)
  if (query.offset !== undefined) rowsQuery.offset(query.offset)
  const countQuery = db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where)
  const [rows, [total]] = await Promise.all([rowsQuery, countQuery])
  return { Orders: rows, count: total?.n ?? 0 }
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

export async function createOrder(db: Db, data: OrderData): Promise<Order> {
  const [row] = await db.insert(orders).values(values(data)).returning({ id: orders.id })
  if (!row) throw new Error('insert returned no row')
  const order = await findOrder(db, row.id)
  if (!order) throw new Error('created order vanished')
  return order
}

export async function updateOrder(db: Db, id: number, data: OrderData): Promise<Order | undefined> {
  const [row] = await db
    .update(orders)
    .set(values(data))
    .where(eq(orders.id, id))
    .returning({ id: orders.id })
  return row ? findOrder(db, row.id) : undefined
}

export async function deleteOrder(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id })
  return rows.length > 0
}
