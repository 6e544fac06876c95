import type { CustomerOrderField } from '#shared/customer'
import { listPaths } from '../../api/paths'
import { createdQuery, validateCreated, type CreatedSearch } from '../../lib/created-filter'
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
  'owner',
] as const satisfies readonly CustomerOrderField[]

/** The customers screen's filters, under the API's names (`owner`: an id, `me` or `none`). */
export interface CustomerFilterSearch extends CreatedSearch {
  owner?: string
  city?: string
  country?: string
}

export type CustomerSearch = ListSearch & CustomerFilterSearch

// The router JSON-parses values: `?owner=7` arrives as a number, `?city=1` too.
const textOf = (raw: unknown) => {
  const value = typeof raw === 'number' ? String(raw) : raw
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined
}
const ownerOf = (raw: unknown) => {
  const value = textOf(raw)
  return value && /^(me|none|\d{1,15})$/.test(value) ? value : undefined
}

/** The customers screen's URL, `?search=ann&page=2&sort=-name&owner=me`, and its page. */
export const customerSearch = {
  path: listPaths.customers,
  validate: (raw: Record<string, unknown>): CustomerSearch => ({
    ...validateListSearch(raw, CUSTOMER_SORT_FIELDS),
    owner: ownerOf(raw.owner),
    city: textOf(raw.city),
    country: textOf(raw.country),
    ...validateCreated(raw),
  }),
  toQuery: ({ owner, city, country, created_from, created_to, ...search }: CustomerSearch) => ({
    ...toListFilters(search),
    owner,
    city,
    country,
    ...createdQuery({ created_from, created_to }),
  }),
} satisfies ListRouteSearch<CustomerSearch>
