import { useMutation, useQueryClient } from '@tanstack/react-query'
import { teamAgentResponseSchema, type AgentCreateInput, type TeamAgent } from '#shared/agent'
import type { RoleName } from '#shared/constants'
import { agentQueries } from '../../api/agent'
import { api } from '../../api/client'
import { historyQueries } from '../../api/history'
import { teamQueries } from '../../api/team'
import { currentUserId } from '../../lib/tokens'

/** A change an Admin makes to an agent (API.md "Team"): a new role, or (de)activation. */
export type TeamChange = { role: RoleName } | { active: boolean }

/**
 * PUT agents/{id}/role/ or agents/{id}/active/. Refreshes the team, the history (every
 * change is in it) and, when the Admin changed their own role, what they may do.
 */
export function useChangeAgent() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ agent, change }: { agent: TeamAgent; change: TeamChange }) => {
      const path = 'role' in change ? 'role' : 'active'
      const { Agent } = await api
        .put(`agents/${agent.id}/${path}/`, { json: change })
        .json(teamAgentResponseSchema)
      return Agent
    },
    onSuccess: (_, { agent }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: teamQueries.all }),
        qc.invalidateQueries({ queryKey: historyQueries.all }),
        agent.id === currentUserId() &&
          qc.invalidateQueries({ queryKey: agentQueries.role().queryKey }),
      ]),
  })
}

/**
 * POST agents/ (API.md "Team"): an Admin adds a colleague, also while sign-up is closed.
 * Resolves once the team and the history (the new agent is in it) are fresh.
 */
export function useAddAgent() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: AgentCreateInput) => {
      const { Agent } = await api.post('agents/', { json: input }).json(teamAgentResponseSchema)
      return Agent
    },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: teamQueries.all }),
        qc.invalidateQueries({ queryKey: historyQueries.all }),
      ]),
  })
}
