import type { CustomerOrderField } from '../../../shared/customer'

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
