import type { OrderOrderField } from '#shared/order'
import { listPaths } from '../../api/paths'
import {
  toListFilters,
  validateListSearch,
  type ListRouteSearch,
  type ListSearch,
} from '../../lib/list-search'
import { createdQuery, validateCreated, type CreatedSearch } from '../../lib/created-filter'
import { validateOrderFilters, type OrderFilterSearch } from './order-filters'

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

/** GET orders/ filters beyond the URL's (API.md "Orders"). */
export interface OrderFilters {
  /** One customer's orders (the customer page). */
  customer?: number
}

/** `?view=board`: the orders board instead of the table. */
export interface BoardSearch {
  view?: 'board'
}

/** What the orders screen keeps in the URL: the list's state, its filters, the board. */
export type OrderSearch = ListSearch & OrderFilterSearch & CreatedSearch & BoardSearch

/**
 * The orders screen's URL, `?search=ann&page=2&sort=-total_Amount&status=Pending`, and the
 * page it asks for; a customer page's orders table asks with its `customer` too.
 */
export const orderSearch = {
  path: listPaths.orders,
  validate: (raw: Record<string, unknown>): OrderSearch => ({
    ...validateListSearch(raw, ORDER_SORT_FIELDS),
    ...validateOrderFilters(raw),
    ...validateCreated(raw),
    view: raw.view === 'board' ? 'board' : undefined,
  }),
  // ky leaves out the filters that are undefined; the query key keeps them apart.
  toQuery: ({
    status,
    amount_min,
    amount_max,
    customer,
    created_from,
    created_to,
    ...search
  }: OrderSearch & OrderFilters) => ({
    ...toListFilters(search),
    status,
    amount_min,
    amount_max,
    customer,
    ...createdQuery({ created_from, created_to }),
  }),
} satisfies ListRouteSearch<OrderSearch>
