import type { ListFilters } from '#shared/list-query'
import type { ListPath } from '../api/paths'

/** Rows per table page; the API accepts up to 500 but 25 keeps a page readable. */
export const PAGE_SIZE = 25

/** What a table keeps in its URL: `?page=2&sort=-total_Amount`. */
export interface TableSearch {
  page?: number
  /** The API's `ordering` value: a field, `-` first for descending. */
  sort?: string
}

/** What a list screen keeps in its URL: `?search=ann&page=2&sort=name`. */
export interface ListSearch extends TableSearch {
  search?: string
}

/**
 * validateSearch for a table: bad values are dropped rather than breaking the page, and
 * only the orderings of the table's own columns are kept. Plain checks, not zod:
 * validateSearch ships in the route tree every page downloads.
 */
export function validateTableSearch(
  raw: Record<string, unknown>,
  sortFields: readonly string[],
): TableSearch {
  const page = Number(raw.page)
  const sort = typeof raw.sort === 'string' ? raw.sort : ''
  return {
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    sort: sortFields.includes(sort.replace(/^-/, '')) ? sort : undefined,
  }
}

/** validateSearch for list screens: the table's state and the search text. */
export function validateListSearch(
  raw: Record<string, unknown>,
  sortFields: readonly string[],
): ListSearch {
  // The router JSON-parses search values, so `?search=123` arrives as a number.
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search
  const search = typeof text === 'string' ? text.trim().slice(0, 200) : ''
  return { search: search || undefined, ...validateTableSearch(raw, sortFields) }
}

/** Turns the URL state into the API's list parameters. */
export function toListFilters({ search, page, sort }: ListSearch): ListFilters {
  return {
    ...(search ? { search } : {}),
    ...(sort ? { ordering: sort } : {}),
    limit: PAGE_SIZE,
    offset: ((page ?? 1) - 1) * PAGE_SIZE,
  }
}

/**
 * A list route's search, from its search-params module: the route's validateSearch, and
 * the one function that turns the validated search into its list's API query. The route's
 * loader and its page query with it (api/<resource>.ts), and as the page starts,
 * start/first-requests.ts sends the same GET before the app's code has loaded.
 */
export interface ListRouteSearch<Search> {
  /** The list the route shows, as its query module reads it. */
  path: ListPath
  /** validateSearch: bad values are dropped rather than breaking the page. */
  validate: (raw: Record<string, unknown>) => Search
  /** The list's API parameters for the search (ky and the early request leave out undefined). */
  toQuery: (search: Search) => object
}

/** What a route hands a paged, sortable table: URL state and how to change it. */
export interface TablePageProps {
  page: number
  sort: string | undefined
  onPageChange: (page: number) => void
  /** A new order starts again at page 1. */
  onSortChange: (sort: string) => void
}

/** What a list route hands its page component: the table's props and the search. */
export interface ListPageProps extends TablePageProps {
  search: string
  onSearchChange: (search: string) => void
}
