import { createFileRoute } from '@tanstack/react-router'
import { customerQueries } from '../../api/customers'
import { CustomersPage } from '../../features/customers/customers-page'
import { customerSearch } from '../../features/customers/search-params'
import { prefetchList, useListPageProps } from '../../lib/list-route'

export const Route = createFileRoute('/dashboard/customers/')({
  // Loader and page share one chunk: the queries (ky, zod schemas) stay out of the route
  // tree that every page, the landing page too, downloads.
  codeSplitGroupings: [['loader', 'component']],
  // ?search=ann&page=2&sort=-name: the top bar's search links here, and a page can be
  // shared. As the page starts, start/first-requests.ts sends this loader's request from
  // the same customerSearch.
  validateSearch: customerSearch.validate,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, customerQueries.list(customerSearch.toQuery(deps))),
  component: CustomersRoute,
})

function CustomersRoute() {
  const navigate = Route.useNavigate()
  return (
    <CustomersPage
      {...useListPageProps(Route)}
      url={Route.useSearch()}
      // A new filter starts again at page 1.
      onUrlChange={(patch) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) })
      }
    />
  )
}
