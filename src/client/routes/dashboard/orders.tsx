import { createFileRoute } from '@tanstack/react-router'
import { OrdersPage } from '../../features/orders/orders-page'
import { orderQueries } from '../../features/orders/queries'
import { prefetchList, useListPageProps } from '../../lib/list-route'
import { validateListSearch } from '../../lib/list-search'

export const Route = createFileRoute('/dashboard/orders')({
  // Loader and page share one chunk: the queries (ky, zod schemas) stay out of the route
  // tree that every page, the landing page too, downloads.
  codeSplitGroupings: [['loader', 'component']],
  // ?search=ann&page=2: the top bar's search links here, and a page can be shared.
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchList(context.queryClient, orderQueries.list, deps),
  component: OrdersRoute,
})

function OrdersRoute() {
  return <OrdersPage {...useListPageProps(Route)} />
}
