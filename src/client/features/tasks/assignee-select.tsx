import { Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Task } from '#shared/tasks'
import { teamQueries } from '../../api/team'
import { useRole } from '../../lib/role'
import { currentUserId } from '../../lib/tokens'

export const NOBODY = 'nobody'

interface AssigneeSelectProps {
  value: string
  onChange: (value: string) => void
  /** The task's assignee now, offered even when the list cannot name them. */
  current: Task['assignee']
  error?: string
}

/**
 * 'Assignee': an Admin picks from the active Agents and Admins (GET agents/ is theirs
 * alone); anyone else from themself, the task's assignee, or nobody.
 */
export function AssigneeSelect({ value, onChange, current, error }: AssigneeSelectProps) {
  const { role } = useRole()
  const team = useQuery({ ...teamQueries.everyone(), enabled: role === 'Admin' })
  const me = currentUserId()
  const options = new Map<string, string>()
  if (me !== null) options.set(String(me), 'Me')
  if (current && current.id !== me) options.set(String(current.id), current.username)
  for (const agent of team.data?.Agents ?? []) {
    if (agent.active && agent.role !== 'Tester' && agent.id !== me) {
      options.set(String(agent.id), agent.username)
    }
  }
  options.set(NOBODY, 'Nobody')
  return (
    <Select
      label="Assignee"
      data={[...options].map(([optionValue, label]) => ({ value: optionValue, label }))}
      value={value}
      onChange={(next) => onChange(next ?? NOBODY)}
      allowDeselect={false}
      error={error}
    />
  )
}
