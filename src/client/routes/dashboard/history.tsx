import { createFileRoute } from '@tanstack/react-router'
import { historyQueries } from '../../api/history'
import { useRestoreCustomer } from '../../features/customers/mutations'
import { HistoryPage } from '../../features/history/history-page'
import { historySearch } from '../../features/history/search-params'
import { useRestoreOrder } from '../../features/orders/mutations'
import { prefetchList, useTablePageProps } from '../../lib/list-route'

export const Route = createFileRoute('/dashboard/history')({
  // Loader and page share one chunk, as on the list screens.
  codeSplitGroupings: [['loader', 'component']],
  // ?kind=orders&agent=3&page=2: a filtered history can be shared.
  validateSearch: historySearch.validate,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, historyQueries.list(historySearch.toQuery(deps))),
  component: HistoryRoute,
})

function HistoryRoute() {
  const { kind, agent } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { page, onPageChange } = useTablePageProps(Route)
  const restoreCustomer = useRestoreCustomer()
  const restoreOrder = useRestoreOrder()
  // A new filter starts again at page 1.
  const filter = (next: { kind?: typeof kind; agent?: typeof agent }) =>
    void navigate({ search: (prev) => ({ ...prev, ...next, page: undefined }) })
  return (
    <HistoryPage
      page={page}
      onPageChange={onPageChange}
      kind={kind}
      onKindChange={(next) => filter({ kind: next })}
      agent={agent}
      onAgentChange={(next) => filter({ agent: next })}
      restore={(entity, id) =>
        (entity === 'customer' ? restoreCustomer : restoreOrder).mutateAsync(id)
      }
    />
  )
}
