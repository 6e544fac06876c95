import { ORDER_STATUSES, type OrderStatus } from '#shared/constants'
import type { OrderOrderField } from '#shared/order'
import { listPaths } from '../../api/paths'
import {
  toListFilters,
  validateListSearch,
  type ListRouteSearch,
  type ListSearch,
} from '../../lib/list-search'
import { createdQuery, validateCreated, type CreatedSearch } from './created-filter'

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
export type OrderSearch = ListSearch & Pick<OrderFilters, 'status'> & CreatedSearch

/** `?status=Pending`: one of the statuses as stored, anything else dropped. */
function validateStatus(raw: unknown): OrderStatus | undefined {
  return ORDER_STATUSES.find((status) => status === raw)
}

/**
 * The orders screen's URL, `?search=ann&page=2&sort=-total_Amount&status=Pending`, and the
 * page it asks for; a customer page's orders table asks with its `customer` too.
 */
export const orderSearch = {
  path: listPaths.orders,
  validate: (raw: Record<string, unknown>): OrderSearch => ({
    ...validateListSearch(raw, ORDER_SORT_FIELDS),
    status: validateStatus(raw.status),
    ...validateCreated(raw),
  }),
  // ky leaves out the filters that are undefined; the query key keeps them apart.
  toQuery: ({
    status,
    customer,
    created_from,
    created_to,
    ...search
  }: OrderSearch & OrderFilters) => ({
    ...toListFilters(search),
    status,
    customer,
    ...createdQuery({ created_from, created_to }),
  }),
} satisfies ListRouteSearch<OrderSearch>
