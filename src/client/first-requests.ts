import { defaultParseSearch } from '@tanstack/react-router'
import { validateCustomerSearch } from './features/customers/search-params'
import { toOrderFilters, validateOrderSearch } from './features/orders/search-params'
import type { EarlyRequest } from './lib/early-requests'
import { toListFilters } from './lib/list-search'

/**
 * The API path and filters of each list screen's first page, worked out from the address's
 * search as its route's validateSearch and loader do (routes/dashboard/*.index.tsx).
 */
const FIRST_PAGES: Record<string, (search: Record<string, unknown>) => EarlyRequest> = {
  '/dashboard/customers': (search) => ['customers/', toListFilters(validateCustomerSearch(search))],
  '/dashboard/orders': (search) => ['orders/', toOrderFilters(validateOrderSearch(search))],
}

/**
 * The GETs the page at `path` + `search` makes first, which start-requests.ts sends before
 * the app's code has run: on a dashboard page the role (every dashboard screen shows
 * 'Loading...' until it is known, spec 2), and on the customers and orders screens the
 * page of rows the address asks for. None elsewhere.
 */
export function firstRequests(path: string, search: string): EarlyRequest[] {
  if (path !== '/dashboard' && !path.startsWith('/dashboard/')) return []
  const firstPage = FIRST_PAGES[path]?.(defaultParseSearch(search))
  return firstPage ? [['agent/role/'], firstPage] : [['agent/role/']]
}
