import { Badge } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { taskQueries } from '../../api/tasks'

/**
 * The navigation's 'Tasks' badge (BEYOND.md "Side navigation"): the agent's overdue plus
 * due-today tasks, none at 0; task events keep its count current.
 */
export function TasksDueBadge() {
  const { data } = useQuery(taskQueries.counts('me'))
  const count = data ? data.overdue + data.today : 0
  if (count === 0) return null
  return (
    <Badge size="sm" color="red" circle={count < 10} aria-label={`${count} due`}>
      {count}
    </Badge>
  )
}
