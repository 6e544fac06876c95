import { useQuery } from '@tanstack/react-query'
import { canWrite } from '#shared/constants'
import { agentQueries } from '../api/agent'

/** The signed-in agent's role name ('' until known) and whether it may write (shared rule). */
export function useRole(): { role: string; canWrite: boolean; isLoading: boolean } {
  const { data, isLoading } = useQuery(agentQueries.role())
  const role = data?.role.role ?? ''
  return { role, canWrite: canWrite(role), isLoading }
}
