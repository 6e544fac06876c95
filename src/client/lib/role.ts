import { queryOptions, useQuery } from '@tanstack/react-query'
import { roleResponseSchema, type RoleResponse } from '../../shared/agent'
import { canWrite } from '../../shared/constants'
import { api } from './api'
import { queryRoots } from './query-keys'

/**
 * GET /api/agent/role/; spec 8 "Role fetch failure: logged; returns null". The dashboard
 * route prefetches it, so it is on its way before the screens render.
 */
export const roleQuery = queryOptions({
  queryKey: [...queryRoots.agents, 'role'] as const,
  queryFn: async (): Promise<RoleResponse | null> => {
    try {
      return await api.get('agent/role/').json(roleResponseSchema)
    } catch (error) {
      console.error('Failed to fetch role:', error)
      return null
    }
  },
  staleTime: 5 * 60_000,
})

/** The signed-in agent's role name ('' until known) and whether it may write (shared rule). */
export function useRole(): { role: string; canWrite: boolean; isLoading: boolean } {
  const { data, isLoading } = useQuery(roleQuery)
  const role = data?.role.role ?? ''
  return { role, canWrite: canWrite(role), isLoading }
}
