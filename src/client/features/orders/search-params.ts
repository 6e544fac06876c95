import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants'
import type { OrderOrderField } from '../../../shared/order'
import { toListFilters, validateListSearch, type ListSearch } from '../../lib/list-search'

/*
 * What the orders tables keep in the URL, and the filters it makes. Apart from the tables
 * so the routes' validateSearch, which every page downloads, stays this small.
 */

/** The orderings the orders tables offer, one per sortable column. */
export const ORDER_SORT_FIELDS = [
  'id',
  'customer_name',
  'status',
  'total_Amount',
  'date_created',
] as const satisfies readonly OrderOrderField[]

/** GET orders/ filters beyond the common ones (API.md "Orders"). */
export interface OrderFilters {
  status?: OrderStatus
  /** One customer's orders (the customer page). */
  customer?: number
}

/** What the orders tables keep in the URL: the list's state and the status filter. */
export type OrderSearch = ListSearch & Pick<OrderFilters, 'status'>

/** `?status=Pending`: one of the statuses as stored, anything else dropped. */
function validateStatus(raw: unknown): OrderStatus | undefined {
  return ORDER_STATUSES.find((status) => status === raw)
}

/** validateSearch for the orders screen: `?search=ann&page=2&sort=-total_Amount&status=Pending`. */
export function validateOrderSearch(raw: Record<string, unknown>): OrderSearch {
  return { ...validateListSearch(raw, ORDER_SORT_FIELDS), status: validateStatus(raw.status) }
}

/** GET orders/ parameters for a table's URL state and filters. */
export function toOrderFilters({ status, customer, ...search }: OrderSearch & OrderFilters) {
  // ky leaves out the filters that are undefined; the query key keeps them apart.
  return { ...toListFilters(search), status, customer }
}
