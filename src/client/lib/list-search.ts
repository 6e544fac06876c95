import type { ListFilters } from '../../shared/list-query'

/** Rows per table page; the API accepts up to 500 but 25 keeps a page readable. */
export const PAGE_SIZE = 25

/** What a list route keeps in its URL: `?search=ann&page=2`. */
export interface ListSearch {
  search?: string
  page?: number
}

/**
 * validateSearch for list routes: bad values are dropped rather than breaking the page.
 * Plain checks, not zod: validateSearch ships in the route tree every page downloads.
 */
export function validateListSearch(raw: Record<string, unknown>): ListSearch {
  // The router JSON-parses search values, so `?search=123` arrives as a number.
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search
  const search = typeof text === 'string' ? text.trim().slice(0, 200) : ''
  const page = Number(raw.page)
  return {
    search: search || undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  }
}

/** Turns the URL state into the API's list parameters. */
export function toListFilters({ search, page }: ListSearch): ListFilters {
  return {
    ...(search ? { search } : {}),
    limit: PAGE_SIZE,
    offset: ((page ?? 1) - 1) * PAGE_SIZE,
  }
}

/** What a list route hands its page component: URL state and how to change it. */
export interface ListPageProps {
  search: string
  page: number
  onSearchChange: (search: string) => void
  onPageChange: (page: number) => void
}
