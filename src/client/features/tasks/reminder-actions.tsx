import { Button, Group } from '@mantine/core'
import type { Task } from '#shared/tasks'
import { useSetTaskDone, useSnoozeTask } from './mutations'
import { openTaskDialog } from '../../lib/task-dialog'
import { useMarkSeen } from './reminder-mutations'

/** How far 'Snooze 10 min' moves a reminder. */
const SNOOZE_MINUTES = 10

interface ReminderActionsProps {
  reminder: { id: number; task: Task }
  /** After any of the three: the notification goes. */
  onActed?: () => void
}

/** 'Open' (the task's dialog), 'Snooze 10 min' and 'Done' (BEYOND.md "Reminders"). */
export function ReminderActions({ reminder, onActed }: ReminderActionsProps) {
  const { task } = reminder
  const seen = useMarkSeen()
  const snooze = useSnoozeTask()
  const done = useSetTaskDone()
  return (
    <Group gap="xs" mt={6}>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          seen.mutate(reminder.id)
          openTaskDialog({ task })
          onActed?.()
        }}
      >
        Open
      </Button>
      {!task.done && (
        <>
          <Button
            size="compact-sm"
            variant="default"
            loading={snooze.isPending}
            onClick={() =>
              snooze.mutate({ id: task.id, minutes: SNOOZE_MINUTES }, { onSuccess: onActed })
            }
          >
            Snooze 10 min
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={done.isPending}
            onClick={() => {
              seen.mutate(reminder.id)
              done.mutate({ task, done: true }, { onSuccess: onActed })
            }}
          >
            Done
          </Button>
        </>
      )}
    </Group>
  )
}
