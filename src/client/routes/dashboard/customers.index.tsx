import { createFileRoute } from '@tanstack/react-router'
import { customerQueries } from '../../api/customers'
import { CustomersPage } from '../../features/customers/customers-page'
import { validateCustomerSearch } from '../../features/customers/search-params'
import { prefetchList, useListPageProps } from '../../lib/list-route'
import { toListFilters } from '../../lib/list-search'

export const Route = createFileRoute('/dashboard/customers/')({
  // Loader and page share one chunk: the queries (ky, zod schemas) stay out of the route
  // tree that every page, the landing page too, downloads.
  codeSplitGroupings: [['loader', 'component']],
  // ?search=ann&page=2&sort=-name: the top bar's search links here, and a page can be
  // shared. As the page starts, first-requests.ts works out this loader's request the
  // same way.
  validateSearch: validateCustomerSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, customerQueries.list(toListFilters(deps))),
  component: CustomersRoute,
})

function CustomersRoute() {
  return <CustomersPage {...useListPageProps(Route)} />
}
