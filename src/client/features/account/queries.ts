import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { agentResponseSchema, type AgentUpdateInput } from '../../../shared/agent'
import { api } from '../../lib/api'
import { queryRoots } from '../../lib/query-keys'

export const agentQueries = {
  all: queryRoots.agents,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...queryRoots.agents, 'detail', id] as const,
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
}

export function useUpdateAgentMutation(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: AgentUpdateInput) => {
      const { Agent } = await api.put(`agents/${id}`, { json: input }).json(agentResponseSchema)
      return Agent
    },
    // Returned so the button stays busy until the profile card shows the new values.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentQueries.detail(id).queryKey }),
  })
}
