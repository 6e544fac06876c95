import { createFileRoute } from '@tanstack/react-router'
import { statsQueries } from '../../api/stats'
import { OverviewPage } from '../../features/overview/overview-page'

export const Route = createFileRoute('/dashboard/overview')({
  // Loader and page share one chunk: the queries (ky, zod schemas) stay out of the route
  // tree that every page, the landing page too, downloads.
  codeSplitGroupings: [['loader', 'component']],
  // Starts both counts alongside the page's chunk (which alone carries Chart.js). Not
  // awaited: the charts start empty and fill in (spec 2), and failures are only logged.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(statsQueries.customersByCity())
    void context.queryClient.prefetchQuery(statsQueries.ordersByStatus())
  },
  component: OverviewPage,
})
