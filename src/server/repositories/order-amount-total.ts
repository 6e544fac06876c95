import { and, isNull, sql, type SQL } from 'drizzle-orm'
import { ORDER_STATUSES } from '#shared/constants'
import type { OrderListQuery } from '#shared/order'
import { orders } from '../db/schema'
import { orderAmountCounts } from '../db/schema-lists'
import { asValue, bindList, type Bind } from './shaped-statements'

type AmountRange = Pick<OrderListQuery, 'status' | 'amount_min' | 'amount_max'>

const amount = (value: string | undefined, bound: unknown) =>
  value === undefined ? undefined : sql`cast(${bound} as numeric)`

/** Live orders of `statuses` (bound) with an amount in the range (`undefined`: no bound). */
function countOrders(statuses: SQL, from: SQL | undefined, to: SQL) {
  const where = and(
    isNull(orders.deletedAt),
    sql`${orders.status} in (${statuses})`,
    from && sql`${orders.totalAmount} >= ${from}`,
    to,
  )
  return sql`(select count(*) from ${orders} where ${where})`
}

/**
 * The total of an orders list narrowed by an amount range (and statuses), from the counts
 * the database keeps per status and whole amount (migration 0026). The whole amounts
 * lying wholly inside the range (from the first one at or above its minimum to the last
 * one whose every cent is at most its maximum) are read as their counts; the orders of
 * its partial whole amounts at either end are counted from the status and amount index.
 * So the cost follows the range's width in whole amounts, not the orders in it.
 * Without a status filter every status is read (each through its own part of the index).
 */
export function amountRangeTotal(query: AmountRange, bind: Bind = asValue) {
  const statuses = bindList(bind, 'status', query.status ?? ORDER_STATUSES)
  const min = amount(query.amount_min, bind('amount_min', query.amount_min))
  const max = amount(query.amount_max, bind('amount_max', query.amount_max))
  // The kept whole amounts: from `first` (the smallest at or above the minimum) up to,
  // not including, `last` (the largest at or below the maximum).
  const first = min && sql`ceil(${min})::bigint`
  const last = max && sql`floor(${max})::bigint`
  const kept = sql`(select coalesce(sum(${orderAmountCounts.n}), 0) from ${orderAmountCounts}
    where ${and(
      sql`${orderAmountCounts.status} in (${statuses})`,
      first && sql`${orderAmountCounts.whole} >= ${first}`,
      last && sql`${orderAmountCounts.whole} < ${last}`,
    )})`
  const atMost = max && sql`${orders.totalAmount} <= ${max}`
  // Below the first kept whole amount, and from the last one (or the first, if the range
  // is narrower than that) up to the maximum.
  const below = first
    ? countOrders(statuses, min, and(sql`${orders.totalAmount} < ${first}`, atMost) ?? sql`true`)
    : sql`0`
  const above =
    last && max
      ? countOrders(
          statuses,
          first ? sql`greatest(${last}, ${first})` : last,
          sql`${orders.totalAmount} <= ${max}`,
        )
      : sql`0`
  return { count: sql<number>`(${kept} + ${below} + ${above})::int`, capped: false }
}
