import { defaultParseSearch } from '@tanstack/react-router'
import { ROLE_PATH } from '../api/paths'
import { customerSearch } from '../features/customers/search-params'
import { orderSearch } from '../features/orders/search-params'
import type { ListRouteSearch } from '../lib/list-search'
import type { EarlyRequest } from './early-requests'

/** The GET of the page of rows an address's search asks for, as its route's loader asks it. */
function firstPage<Search>(
  list: ListRouteSearch<Search>,
  raw: Record<string, unknown>,
): EarlyRequest {
  return [list.path, list.toQuery(list.validate(raw))]
}

/**
 * The list screens whose first page is sent early, each by its route's own search module.
 * Not the history: its filters wait for the role (an Agent's address may name the team).
 */
const FIRST_PAGES: Record<string, (raw: Record<string, unknown>) => EarlyRequest> = {
  '/dashboard/customers': (raw) => firstPage(customerSearch, raw),
  '/dashboard/orders': (raw) => firstPage(orderSearch, raw),
}

/**
 * The GETs the page at `path` + `search` makes first, which start-requests.ts sends before
 * the app's code has run: on a dashboard page the role (every dashboard screen shows
 * 'Loading...' until it is known, spec 2), and on the customers and orders screens the
 * page of rows the address asks for. None elsewhere.
 */
export function firstRequests(path: string, search: string): EarlyRequest[] {
  if (path !== '/dashboard' && !path.startsWith('/dashboard/')) return []
  const page = FIRST_PAGES[path]?.(defaultParseSearch(search))
  return page ? [[ROLE_PATH], page] : [[ROLE_PATH]]
}
