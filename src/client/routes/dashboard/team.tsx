import { createFileRoute } from '@tanstack/react-router'
import { agentQueries } from '../../api/agent'
import { teamQueries } from '../../api/team'
import { TeamPage } from '../../features/team/team-page'
import { prefetchList, useTablePageProps } from '../../lib/list-route'
import { validateTableSearch } from '../../lib/list-search'

export const Route = createFileRoute('/dashboard/team')({
  // Loader and page share one chunk, as on the list screens.
  codeSplitGroupings: [['loader', 'component']],
  // ?page=2; the table does not sort.
  validateSearch: (raw) => validateTableSearch(raw, []),
  loaderDeps: ({ search }) => search,
  // The team is asked for once the role says Admin (anyone else gets 403); not awaited.
  loader: ({ context: { queryClient }, deps }) =>
    void queryClient.ensureQueryData(agentQueries.role()).then((answer) => {
      if (answer?.role.role === 'Admin') prefetchList(queryClient, teamQueries.page(deps.page ?? 1))
    }),
  component: TeamRoute,
})

function TeamRoute() {
  const { page, onPageChange } = useTablePageProps(Route)
  return <TeamPage page={page} onPageChange={onPageChange} />
}
