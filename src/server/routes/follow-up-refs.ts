import { and, eq, isNull, sql } from 'drizzle-orm'
import { isRowId } from '#shared/constants'
import { ORDER_OF_OTHER_CUSTOMER, UNKNOWN_ORDER } from '#shared/notes'
import { UNKNOWN_CUSTOMER } from '#shared/order'
import type { Db } from '../db/client'
import { agents, orders, roles } from '../db/schema'
import { HttpError } from '../http/errors'
import { customerExists } from '../repositories/customers'

const refused = (field: string, message: string, error: string) =>
  new HttpError(400, error, { [field]: message })
const NO_CUSTOMER = 'The customer does not exist.'
const NO_ORDER = 'The order does not exist.'
const NO_ASSIGNEE = 'This agent cannot take tasks.'

/** A live customer's id, or a 400 on `customer`. */
export async function liveCustomer(db: Db, id: number): Promise<number> {
  if (!isRowId(id) || !(await customerExists(db, id)))
    throw refused('customer', UNKNOWN_CUSTOMER, NO_CUSTOMER)
  return id
}

/** A live order's customer (null when it has none now), or a 400 on `order`. */
export async function orderCustomer(db: Db, id: number): Promise<number | null> {
  if (!isRowId(id)) throw refused('order', UNKNOWN_ORDER, NO_ORDER)
  const [row] = await db
    .select({ customer: orders.customerId })
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.deletedAt)))
  if (!row) throw refused('order', UNKNOWN_ORDER, NO_ORDER)
  return row.customer
}

/**
 * The customer a record about `order` (and maybe `customer`) belongs to: the order's own,
 * which a different `customer` beside it may not contradict. `customer` undefined: not sent.
 */
export async function customerOfOrder(
  db: Db,
  order: number,
  customer: number | null | undefined,
): Promise<number | null> {
  const owner = await orderCustomer(db, order)
  if (customer !== undefined && customer !== owner) {
    throw refused('customer', ORDER_OF_OTHER_CUSTOMER, ORDER_OF_OTHER_CUSTOMER)
  }
  return owner
}

export const UNKNOWN_AGENT = 'Choose an agent that exists.'
export const TESTER_ASSIGNEE = 'Choose an Agent or an Admin: a Tester cannot take tasks.'
export const INACTIVE_ASSIGNEE = 'This agent is deactivated. Choose an active one.'

/** An active Agent or Admin to assign a task to, or a 400 on `assignee`. */
export async function assignableAgent(db: Db, id: number): Promise<number> {
  if (!isRowId(id)) throw refused('assignee', UNKNOWN_AGENT, 'The agent does not exist.')
  const [row] = await db
    .select({ active: agents.active, role: roles.name })
    .from(agents)
    .innerJoin(roles, eq(roles.id, agents.roleId))
    .where(eq(agents.id, id))
  if (!row) throw refused('assignee', UNKNOWN_AGENT, 'The agent does not exist.')
  if (row.role === 'Tester') throw refused('assignee', TESTER_ASSIGNEE, NO_ASSIGNEE)
  if (!row.active) throw refused('assignee', INACTIVE_ASSIGNEE, NO_ASSIGNEE)
  return id
}

/** The database's clock, which reminders are raised by. */
export async function databaseNow(db: Db): Promise<number> {
  const [row] = await db
    .select({ ms: sql<number>`(extract(epoch from now()) * 1000)::float8` })
    .from(sql`(select 1) as one`)
  return Number(row?.ms)
}
