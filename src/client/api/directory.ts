import { queryOptions } from '@tanstack/react-query'
import { agentDirectorySchema } from '#shared/agent'
import { api } from './client'
import { queryRoots } from './keys'

// Under the agents root: adding, changing or deactivating an agent refreshes it too.
const root = [...queryRoots.agents, 'directory'] as const

/**
 * GET agents/directory/ (API contract "Owners, filters …"): the active agents by username,
 * for any signed-in agent; the owner pickers and the owner filter offer them.
 */
export const directoryQueries = {
  all: root,
  agents: () =>
    queryOptions({
      queryKey: root,
      queryFn: ({ signal }) => api.get('agents/directory/', { signal }).json(agentDirectorySchema),
      // The team changes seldom; a picker opened again need not ask again at once.
      staleTime: 60_000,
    }),
}
