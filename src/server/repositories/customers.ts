import { eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Customer, CustomerData, CustomerListQuery } from '../../shared/customer'
import type { Db } from '../db/client'
import { customers } from '../db/schema'

/** The same ISO 8601 text (2026-11-22T10:00:00.000Z) from PGlite and node-postgres. */
export const isoDate = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const columns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  city: customers.city,
  country: customers.country,
  phone: customers.phone,
  date_created: isoDate(customers.dateCreated),
}

/** `%`, `_` and `\` in the user's text match themselves, not any character. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * Case-insensitive substring match over every searchable field. The expression is
 * written exactly as customers_search_trgm_idx is, so PostgreSQL can use that index.
 */
export function customerSearch(text: string): SQL {
  const c = customers
  return sql`(${c.name} || ' ' || ${c.email} || ' ' || ${c.city} || ' ' || ${c.country} || ' ' || ${c.phone}) ilike ${likePattern(text)}`
}

const orderable = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  city: customers.city,
  country: customers.country,
  phone: customers.phone,
  date_created: customers.dateCreated,
} as const

/**
 * ORDER BY `column`, then the id in the same direction so pages never overlap. The date
 * indexes are (date_created DESC NULLS LAST, id DESC NULLS LAST); a plain DESC means NULLS
 * FIRST and would not match them, so dates spell out the NULLS placement (the columns
 * are NOT NULL, so the order is the same) and a page is read straight from the index.
 */
export function sortKeys(
  column: AnyPgColumn,
  id: AnyPgColumn,
  descending: boolean,
  isDate: boolean,
): SQL[] {
  const direction = isDate
    ? descending
      ? sql`desc nulls last`
      : sql`asc nulls first`
    : descending
      ? sql`desc`
      : sql`asc`
  const keys = [sql`${column} ${direction}`]
  if (column !== id) keys.push(sql`${id} ${direction}`)
  return keys
}

function orderBy(ordering = '-date_created'): SQL[] {
  // Default newest first.
  const field = ordering.replace(/^-/, '') as keyof typeof orderable
  const column = orderable[field] ?? customers.dateCreated
  return sortKeys(column, customers.id, ordering.startsWith('-'), column === customers.dateCreated)
}

/** The page and the count of a list call, unexecuted (tests EXPLAIN them). */
export function customerListQueries(db: Db, query: CustomerListQuery) {
  const where = query.search ? customerSearch(query.search) : undefined
  const rows = db
    .select(columns)
    .from(customers)
    .where(where)
    .orderBy(...orderBy(query.ordering))
    .$dynamic()
  // Without a limit the whole list comes back, as the spec's screens expect.
  if (query.limit !== undefined) rows.limit(query.limit)
  if (query.offset !== undefined) rows.offset(query.offset)
  const count = db
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(where)
  return { rows, count }
}

export async function listCustomers(
  db: Db,
  query: CustomerListQuery,
): Promise<{ Customers: Customer[]; count: number }> {
  const { rows, count } = customerListQueries(db, query)
  const [page, [total]] = await Promise.all([rows, count])
  return { Customers: page, count: total?.n ?? 0 }
}

export async function findCustomer(db: Db, id: number): Promise<Customer | undefined> {
  const [row] = await db.select(columns).from(customers).where(eq(customers.id, id))
  return row
}

export async function customerExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id))
  return row !== undefined
}

export async function createCustomer(db: Db, data: CustomerData): Promise<Customer> {
  const [row] = await db.insert(customers).values(data).returning(columns)
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function updateCustomer(
  db: Db,
  id: number,
  data: CustomerData,
): Promise<Customer | undefined> {
  const [row] = await db.update(customers).set(data).where(eq(customers.id, id)).returning(columns)
  return row
}

/** True when a customer was deleted; its orders keep existing with no customer (FK). */
export async function deleteCustomer(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(customers)
    .where(eq(customers.id, id))
    .returning({ id: customers.id })
  return rows.length > 0
}
