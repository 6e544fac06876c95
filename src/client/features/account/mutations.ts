import { useMutation, useQueryClient } from '@tanstack/react-query'
import { agentResponseSchema, type AgentUpdateInput } from '#shared/agent'
import { agentQueries } from '../../api/agent'
import { api } from '../../api/client'

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
