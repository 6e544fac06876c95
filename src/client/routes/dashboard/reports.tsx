import { createFileRoute } from '@tanstack/react-router'
import { reportQueries } from '../../api/reports'
import { ReportsPage } from '../../features/reports/reports-page'
import { salesParams, validateReportSearch } from '../../features/reports/periods'

export const Route = createFileRoute('/dashboard/reports')({
  // Loader and page share one chunk (with Chart.js), as on the overview.
  codeSplitGroupings: [['loader', 'component']],
  // ?period=this-quarter stays this quarter; ?from=2026-01-01&to=2026-03-31 is fixed.
  validateSearch: validateReportSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the cards and charts start empty and fill in, as the overview's do.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(reportQueries.sales(salesParams(deps)))
  },
  component: ReportsRoute,
})

function ReportsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <ReportsPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
}
