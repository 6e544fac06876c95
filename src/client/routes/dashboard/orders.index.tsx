import { createFileRoute } from '@tanstack/react-router'
import { orderQueries } from '../../api/orders'
import { OrdersPage } from '../../features/orders/orders-page'
import { orderSearch } from '../../features/orders/search-params'
import { prefetchList, useListPageProps } from '../../lib/list-route'

export const Route = createFileRoute('/dashboard/orders/')({
  // Loader and page share one chunk: the queries (ky, zod schemas) stay out of the route
  // tree that every page, the landing page too, downloads.
  codeSplitGroupings: [['loader', 'component']],
  // ?search=ann&page=2&sort=-total_Amount&status=Pending: a page can be shared. As the
  // page starts, start/first-requests.ts sends this loader's request from the same
  // orderSearch.
  validateSearch: orderSearch.validate,
  loaderDeps: ({ search }) => search,
  // The board asks for its columns itself.
  loader: ({ context, deps }) =>
    deps.view === 'board'
      ? undefined
      : prefetchList(context.queryClient, orderQueries.list(orderSearch.toQuery(deps))),
  component: OrdersRoute,
})

function OrdersRoute() {
  const navigate = Route.useNavigate()
  const search = Route.useSearch()
  return (
    <OrdersPage
      {...useListPageProps(Route)}
      url={search}
      // A new filter starts again at page 1.
      onUrlChange={(patch) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) })
      }
    />
  )
}
