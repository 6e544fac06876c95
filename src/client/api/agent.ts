import { queryOptions } from '@tanstack/react-query'
import { agentResponseSchema, roleResponseSchema, type RoleResponse } from '#shared/agent'
import { api } from './client'
import { queryRoots } from './keys'
import { ROLE_PATH } from './paths'

const root = queryRoots.agents

/** The signed-in agent (API.md "Agents"): their profile and their role. */
export const agentQueries = {
  all: root,
  /** GET agents/{id}: the account page's profile. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...root, 'detail', id] as const,
      queryFn: async () => {
        try {
          const { Agent } = await api.get(`agents/${id}`).json(agentResponseSchema)
          return Agent
        } catch (error) {
          // Spec 8: an agent fetch failure is stored (shown by the page) and also logged.
          console.error('Failed to fetch agent:', error)
          throw error
        }
      },
    }),
  /**
   * GET agent/role/; spec 8 "Role fetch failure: logged; returns null". The dashboard
   * route prefetches it, so it is on its way before the screens render.
   */
  role: () =>
    queryOptions({
      queryKey: [...root, 'role'] as const,
      queryFn: async (): Promise<RoleResponse | null> => {
        try {
          return await api.get(ROLE_PATH).json(roleResponseSchema)
        } catch (error) {
          console.error('Failed to fetch role:', error)
          return null
        }
      },
      staleTime: 5 * 60_000,
    }),
}
