import { useState } from 'react'
import { Checkbox, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconUser } from '@tabler/icons-react'
import type { Task } from '#shared/tasks'
import { AnchorLink } from '../../components/anchor-link'
import { RelativeTime } from '../../components/history-section'
import { useSetTaskDone } from './mutations'
import { openTaskDialog } from '../../lib/task-dialog'
import classes from './task-row.module.css'

/** A customer's or an order's page. */
type Page = 'customer' | 'order'

/**
 * One task (BEYOND.md "Tasks"): its checkbox (not for a Tester), the title that opens it,
 * its customer or order (not the page's own), the due time ('Overdue' in red) and the assignee.
 */
export function TaskRow({ task, canWrite, on }: { task: Task; canWrite: boolean; on?: Page }) {
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
            classNames={{ input: classes.box }}
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
            <RecordLink task={task} on={on} />
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

/** What the task is about, as a link: its order, else its customer; never the page's own. */
function RecordLink({ task, on }: { task: Task; on: Page | undefined }) {
  if (task.order !== null) {
    return on === 'order' ? null : (
      <AnchorLink to="/dashboard/orders/$id" params={{ id: task.order }} size="sm">
        ORD-{task.order}
      </AnchorLink>
    )
  }
  if (task.customer === null || on === 'customer') return null
  return (
    <AnchorLink to="/dashboard/customers/$id" params={{ id: task.customer }} size="sm">
      {task.customer_name}
    </AnchorLink>
  )
}

/** A list of tasks, or what is there instead. */
export function TaskList({
  tasks,
  canWrite,
  empty,
  on,
}: {
  tasks: Task[]
  canWrite: boolean
  empty: string
  /** The record page the list is on: its own link is left out of every task. */
  on?: Page
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
        <TaskRow key={task.id} task={task} canWrite={canWrite} on={on} />
      ))}
    </Stack>
  )
}
