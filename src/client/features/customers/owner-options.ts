import { useQuery } from '@tanstack/react-query'
import { directoryQueries } from '../../api/directory'

/** The active agents as owner choices (their ids as text), by username. */
export function useOwnerOptions(): { value: string; label: string }[] {
  const directory = useQuery(directoryQueries.agents())
  return (directory.data?.Agents ?? []).map((agent) => ({
    value: String(agent.id),
    label: agent.username,
  }))
}

/** 'none' is nobody's: the bulk change and the dialogs send null for it. */
export const NOBODY = { value: 'none', label: 'Nobody' }
