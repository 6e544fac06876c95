import { Button, Group, NativeSelect, SegmentedControl, Stack, Switch, Title } from '@mantine/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { taskQueries } from '../../api/tasks'
import { ErrorText, TableLoader } from '../../components/data-table'
import { useRole } from '../../lib/role'
import { usePhone } from '../../components/use-phone'
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
  const tasks = useInfiniteQuery(taskQueries.pages(tasksQuery(search)))
  const counts = useQuery(taskQueries.counts(everyone ? 'all' : 'me'))
  const segment: Segment = search.due ?? 'open'
  // On a phone the six segments do not fit one line: a select, as the orders' status.
  const phone = usePhone()
  const segments = SEGMENTS.map(({ value, label }) => ({
    value,
    label: counts.data ? `${label} ${counts.data[value]}` : label,
  }))
  const choose = (value: string) => {
    const picked = SEGMENTS.find((option) => option.value === value)?.value
    onSearchChange({ ...search, due: picked === 'open' ? undefined : picked })
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Tasks</Title>
        {canWrite && <Button onClick={() => openTaskDialog({})}>Add task</Button>}
      </Group>
      <Group gap="md" wrap="wrap">
        {phone ? (
          <NativeSelect
            aria-label="Tasks to show"
            data={segments}
            value={segment}
            onChange={(event) => choose(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
        ) : (
          <SegmentedControl
            aria-label="Tasks to show"
            value={segment}
            onChange={choose}
            data={segments}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
          />
        )}
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
        <TaskList
          tasks={tasks.data.pages.flatMap((page) => page.Tasks)}
          canWrite={canWrite}
          empty="No tasks here."
        />
      )}
      {tasks.hasNextPage && (
        <Button
          variant="light"
          loading={tasks.isFetchingNextPage}
          onClick={() => void tasks.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </Stack>
  )
}
