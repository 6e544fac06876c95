import { createFileRoute } from '@tanstack/react-router'
import { orderQueries } from '../../api/orders'
import { OrdersPage } from '../../features/orders/orders-page'
import { toOrderFilters, validateOrderSearch } from '../../features/orders/search-params'
import { prefetchList, useListPageProps } from '../../lib/list-route'

export const Route = createFileRoute('/dashboard/orders/')({
  // Loader and page share one chunk: the queries (ky, zod schemas) stay out of the route
  // tree that every page, the landing page too, downloads.
  codeSplitGroupings: [['loader', 'component']],
  // ?search=ann&page=2&sort=-total_Amount&status=Pending: a page can be shared. As the
  // page starts, first-requests.ts works out this loader's request the same way.
  validateSearch: validateOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, orderQueries.list(toOrderFilters(deps))),
  component: OrdersRoute,
})

function OrdersRoute() {
  const navigate = Route.useNavigate()
  return (
    <OrdersPage
      {...useListPageProps(Route)}
      status={Route.useSearch().status}
      // A new filter starts again at page 1.
      onStatusChange={(status) =>
        void navigate({ search: (prev) => ({ ...prev, status, page: undefined }) })
      }
    />
  )
}
