import { eq, sql, type SQL } from 'drizzle-orm'
import type {
  Customer,
  CustomerData,
  CustomerListQuery,
  CustomerOrderField,
} from '../../shared/customer'
import type { Db } from '../db/client'
import { customers } from '../db/schema'
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
  id: customers.id,
  name: customers.name,
  email: customers.email,
  city: customers.city,
  country: customers.country,
  phone: customers.phone,
  date_created: isoDate(customers.dateCreated),
}

/**
 * Case-insensitive substring match over every searchable field. The expression is
 * written exactly as customers_search_trgm_idx is, so PostgreSQL can use that index.
 */
export function customerSearch(text: string): SQL {
  const c = customers
  return sql`(${c.name} || ' ' || ${c.email} || ' ' || ${c.city} || ' ' || ${c.country} || ' ' || ${c.phone}) ilike ${likePattern(text)}`
}

const sortable: Sortable<CustomerOrderField> = {
  orderable: {
    id: customers.id,
    name: customers.name,
    email: customers.email,
    city: customers.city,
    country: customers.country,
    phone: customers.phone,
    date_created: customers.dateCreated,
  },
  id: customers.id,
  dateCreated: customers.dateCreated,
}

/** The page and the count of a list call, unexecuted (tests EXPLAIN them). */
export function customerListQueries(db: Db, query: CustomerListQuery) {
  const where = query.search ? customerSearch(query.search) : undefined
  const rows = db
    .select(columns)
    .from(customers)
    .where(where)
    .orderBy(...orderingKeys(sortable, query.ordering))
    .$dynamic()
  return { rows: paged(rows, query), count: countWhere(db, customers, where) }
}

export async function listCustomers(
  db: Db,
  query: CustomerListQuery,
): Promise<{ Customers: Customer[]; count: number }> {
  const { rows, count } = await readListPage(customerListQueries(db, query))
  return { Customers: rows, count }
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
