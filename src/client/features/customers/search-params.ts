import type { CustomerOrderField } from '#shared/customer'
import { listPaths } from '../../api/paths'
import {
  toListFilters,
  validateListSearch,
  type ListRouteSearch,
  type ListSearch,
} from '../../lib/list-search'

/**
 * The orderings the customers table offers, one per sortable column. Apart from the
 * table so the route's validateSearch, which every page downloads, stays this small.
 */
export const CUSTOMER_SORT_FIELDS = [
  'name',
  'email',
  'city',
  'phone',
  'date_created',
] as const satisfies readonly CustomerOrderField[]

/** The customers screen's URL, `?search=ann&page=2&sort=-name`, and the page it asks for. */
export const customerSearch = {
  path: listPaths.customers,
  validate: (raw: Record<string, unknown>) => validateListSearch(raw, CUSTOMER_SORT_FIELDS),
  toQuery: toListFilters,
} satisfies ListRouteSearch<ListSearch>
