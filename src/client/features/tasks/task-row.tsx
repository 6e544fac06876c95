import { useState } from 'react'
import { Checkbox, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconUser } from '@tabler/icons-react'
import type { Task } from '#shared/tasks'
import { AnchorLink } from '../../components/anchor-link'
import { RelativeTime } from '../../components/history-section'
import { useSetTaskDone } from './mutations'
import { openTaskDialog } from '../../lib/task-dialog'

/**
 * One task (BEYOND.md "Tasks"): its checkbox (not for a Tester), the title that opens it,
 * its customer or order, the due time ('Overdue' in red) and the assignee.
 */
export function TaskRow({ task, canWrite }: { task: Task; canWrite: boolean }) {
  const setDone = useSetTaskDone()
  // The moment it was first shown, as its relative time.
  const [shown] = useState(Date.now)
  const overdue = !task.done && task.due_at !== null && Date.parse(task.due_at) < shown
  return (
    <Paper withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {canWrite && (
          <Checkbox
            mt={3}
            aria-label={`Mark "${task.title}" done`}
            checked={task.done}
            disabled={setDone.isPending}
            onChange={(event) => setDone.mutate({ task, done: event.currentTarget.checked })}
          />
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <UnstyledButton
            onClick={() => canWrite && openTaskDialog({ task })}
            disabled={!canWrite}
            fw={600}
            td={task.done ? 'line-through' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {task.title}
          </UnstyledButton>
          {/* Wrapped on a phone, its lines stay as close as one line's parts. */}
          <Group gap="sm" wrap="wrap" style={{ rowGap: 2 }}>
            {task.order !== null ? (
              <AnchorLink to="/dashboard/orders/$id" params={{ id: task.order }} size="sm">
                ORD-{task.order}
              </AnchorLink>
            ) : (
              task.customer !== null && (
                <AnchorLink to="/dashboard/customers/$id" params={{ id: task.customer }} size="sm">
                  {task.customer_name}
                </AnchorLink>
              )
            )}
            {task.due_at && (
              <Text size="sm" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 700 : undefined}>
                {overdue && 'Overdue · '}
                <RelativeTime at={task.due_at} />
              </Text>
            )}
            <Group gap={4} wrap="nowrap">
              <IconUser size={14} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed">
                <VisuallyHidden>Assignee: </VisuallyHidden>
                {task.assignee?.username ?? 'Nobody'}
              </Text>
            </Group>
          </Group>
        </Stack>
      </Group>
    </Paper>
  )
}

/** A list of tasks, or what is there instead. */
export function TaskList({
  tasks,
  canWrite,
  empty,
}: {
  tasks: Task[]
  canWrite: boolean
  empty: string
}) {
  if (tasks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    )
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0}>
      {tasks.map((task) => (
        <TaskRow key={task.id} task={task} canWrite={canWrite} />
      ))}
    </Stack>
  )
}
