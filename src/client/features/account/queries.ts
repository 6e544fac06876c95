import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { agentResponseSchema, type AgentUpdateInput } from '../../../shared/agent'
import { api } from '../../lib/api'

export const agentQueries = {
  all: () => ['agents'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...agentQueries.all(), 'detail', id] as const,
      queryFn: async () => {
        try {
          return agentResponseSchema.parse(await api.get(`agents/${id}`).json()).Agent
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
    mutationFn: async (input: AgentUpdateInput) =>
      agentResponseSchema.parse(await api.put(`agents/${id}`, { json: input }).json()).Agent,
    // Returned so the button stays busy until the profile card shows the new values.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentQueries.detail(id).queryKey }),
  })
}
