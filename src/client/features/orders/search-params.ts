import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants'
import type { OrderOrderField } from '../../../shared/order'

/*
 * What the orders tables keep in the URL. Apart from the tables so the routes'
 * validateSearch, which every page downloads, stays this small.
 */

/** The orderings the orders tables offer, one per sortable column. */
export const ORDER_SORT_FIELDS = [
  'id',
  'customer_name',
  'status',
  'total_Amount',
  'date_created',
] as const satisfies readonly OrderOrderField[]

/** `?status=Pending`: one of the statuses as stored, anything else dropped. */
export function validateStatus(raw: unknown): OrderStatus | undefined {
  return ORDER_STATUSES.find((status) => status === raw)
}
