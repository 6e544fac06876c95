import { Button, Group, SegmentedControl, Stack, Switch, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { taskQueries } from '../../api/tasks'
import { ErrorText, TableLoader } from '../../components/data-table'
import { useRole } from '../../lib/role'
import { SEGMENTS, tasksQuery, type Segment, type TasksSearch } from './search-params'
import { openTaskDialog } from '../../lib/task-dialog'
import { TaskList } from './task-row'

interface TasksPageProps {
  search: TasksSearch
  onSearchChange: (next: TasksSearch) => void
}

/** BEYOND.md "Tasks": `/dashboard/tasks`, its segments with counts, Mine / Everyone. */
export function TasksPage({ search, onSearchChange }: TasksPageProps) {
  const { canWrite } = useRole()
  const everyone = search.assignee === 'all'
  const tasks = useQuery(taskQueries.list(tasksQuery(search)))
  const counts = useQuery(taskQueries.counts(everyone ? 'all' : 'me'))
  const segment: Segment = search.due ?? 'open'
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Tasks</Title>
        {canWrite && <Button onClick={() => openTaskDialog({})}>Add task</Button>}
      </Group>
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          aria-label="Tasks to show"
          value={segment}
          onChange={(value) =>
            onSearchChange({
              ...search,
              due: value === 'open' ? undefined : value,
            })
          }
          data={SEGMENTS.map(({ value, label }) => ({
            value,
            label: counts.data ? `${label} ${counts.data[value]}` : label,
          }))}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <Switch
          label={everyone ? 'Everyone' : 'Mine'}
          aria-label="Everyone"
          checked={everyone}
          onChange={(event) =>
            onSearchChange({ ...search, assignee: event.currentTarget.checked ? 'all' : undefined })
          }
        />
      </Group>
      {tasks.isPending && <TableLoader label="Loading tasks" />}
      {tasks.isError && <ErrorText message={tasks.error.message} />}
      {tasks.data && (
        <TaskList tasks={tasks.data.Tasks} canWrite={canWrite} empty="No tasks here." />
      )}
    </Stack>
  )
}
