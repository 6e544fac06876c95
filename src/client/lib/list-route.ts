import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { ListPageProps, ListSearch, TablePageProps, TableSearch } from './list-search'

/**
 * The list routes' loader: starts the page's request alongside its code chunk. Not
 * awaited: the page itself shows the spec's spinner and 'Error: …', which a blocked or
 * failed loader would hide.
 */
export function prefetchList<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  list: FetchQueryOptions<Data, Error, Data, Key>,
): void {
  void queryClient.prefetchQuery(list)
}

type SearchUpdate<S> = S | ((prev: S) => S)

/** The parts of a route (`Route` in routes/dashboard/) its page is wired to. */
interface UrlStateRoute<S> {
  useSearch: () => S
  useNavigate: () => (options: { search: SearchUpdate<S>; replace?: boolean }) => Promise<void>
}

/** A paged, sortable table's props from its route's URL: `?page=2&sort=-name`. */
export function useTablePageProps(route: UrlStateRoute<TableSearch>): TablePageProps {
  const { page, sort } = route.useSearch()
  const navigate = route.useNavigate()
  return {
    page: page ?? 1,
    sort,
    onPageChange: (next) =>
      void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) }),
    onSortChange: (next) =>
      void navigate({ search: (prev) => ({ ...prev, sort: next, page: undefined }) }),
  }
}

/** A list page's props from its route's URL: the table's, and `?search=ann`. */
export function useListPageProps(route: UrlStateRoute<ListSearch>): ListPageProps {
  const table = useTablePageProps(route)
  const navigate = route.useNavigate()
  return {
    ...table,
    search: route.useSearch().search ?? '',
    // A new search starts again at page 1 and replaces the entry: typing is not history.
    onSearchChange: (next) =>
      void navigate({
        search: (prev) => ({ ...prev, search: next || undefined, page: undefined }),
        replace: true,
      }),
  }
}
