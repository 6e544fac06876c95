import { createFileRoute } from '@tanstack/react-router'
import { OrdersPage } from '../../features/orders/orders-page'
import { orderQueries, type OrderSearch } from '../../features/orders/queries'
import { ORDER_SORT_FIELDS, validateStatus } from '../../features/orders/search-params'
import { prefetchList, useListPageProps } from '../../lib/list-route'
import { validateListSearch } from '../../lib/list-search'

export const Route = createFileRoute('/dashboard/orders/')({
  // Loader and page share one chunk: the queries (ky, zod schemas) stay out of the route
  // tree that every page, the landing page too, downloads.
  codeSplitGroupings: [['loader', 'component']],
  // ?search=ann&page=2&sort=-total_Amount&status=Pending: a page can be shared.
  validateSearch: (raw): OrderSearch => ({
    ...validateListSearch(raw, ORDER_SORT_FIELDS),
    status: validateStatus(raw.status),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchList(context.queryClient, orderQueries.table(deps)),
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
