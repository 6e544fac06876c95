import type { CustomerOrderField } from '../../../shared/customer'
import { validateListSearch, type ListSearch } from '../../lib/list-search'

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

/** validateSearch for the customers screen: `?search=ann&page=2&sort=-name`. */
export function validateCustomerSearch(raw: Record<string, unknown>): ListSearch {
  return validateListSearch(raw, CUSTOMER_SORT_FIELDS)
}
