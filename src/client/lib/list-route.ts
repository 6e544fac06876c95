import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { ListFilters } from '../../shared/list-query'
import { toListFilters, type ListPageProps, type ListSearch } from './list-search'

/**
 * The list routes' loader: starts the page's request alongside its code chunk. Not
 * awaited: the page itself shows the spec's spinner and 'Error: …', which a blocked or
 * failed loader would hide.
 */
export function prefetchList<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  list: (filters: ListFilters) => FetchQueryOptions<Data, Error, Data, Key>,
  search: ListSearch,
): void {
  void queryClient.prefetchQuery(list(toListFilters(search)))
}

type SearchUpdate = ListSearch | ((prev: ListSearch) => ListSearch)

/** The parts of a list route (`Route` in routes/dashboard/) its page is wired to. */
interface ListRoute {
  useSearch: () => ListSearch
  useNavigate: () => (options: { search: SearchUpdate; replace?: boolean }) => Promise<void>
}

/** A list page's props from its route's URL: `?search=ann&page=2`, changed by navigating. */
export function useListPageProps(route: ListRoute): ListPageProps {
  const { search, page } = route.useSearch()
  const navigate = route.useNavigate()
  return {
    search: search ?? '',
    page: page ?? 1,
    // A new search starts again at page 1 and replaces the entry: typing is not history.
    onSearchChange: (next) =>
      void navigate({ search: { search: next || undefined }, replace: true }),
    onPageChange: (next) =>
      void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) }),
  }
}
