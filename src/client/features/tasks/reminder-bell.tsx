import { useState } from 'react'
import {
  ActionIcon,
  Button,
  getDefaultZIndex,
  Indicator,
  Paper,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core'
import { IconBell } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { reminderQueries } from '../../api/reminders'
import { ErrorText, TableLoader } from '../../components/data-table'
import { RelativeTime } from '../../components/history-section'
import { useMarkAllSeen } from './reminder-mutations'
import { ReminderActions } from './reminder-actions'

const canAskDesktop = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'default'

/** The top bar's 'Reminders' bell: its unseen count, and the panel (BEYOND.md "Reminders"). */
export function ReminderBell() {
  const [opened, setOpened] = useState(false)
  const reminders = useQuery(reminderQueries.list())
  const allSeen = useMarkAllSeen()
  const unseen = reminders.data?.unseen ?? 0
  const [askDesktop, setAskDesktop] = useState(canAskDesktop)
  const open = (next: boolean) => {
    setOpened(next)
    if (next && unseen > 0) allSeen.mutate()
  }
  return (
    <Indicator label={unseen} size={16} color="red" disabled={unseen === 0} offset={4}>
      <Popover
        opened={opened}
        onChange={open}
        position="bottom-end"
        width={340}
        shadow="md"
        // Over the reminder notifications (toasts): the panel the person opened comes first.
        zIndex={getDefaultZIndex('overlay') + 1}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Reminders"
            aria-expanded={opened}
            onClick={() => open(!opened)}
          >
            <IconBell aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text fw={700}>Reminders</Text>
            {askDesktop && (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() =>
                  void Notification.requestPermission().then(() => setAskDesktop(canAskDesktop()))
                }
              >
                Turn on desktop notifications
              </Button>
            )}
            {reminders.isPending && <TableLoader label="Loading reminders" />}
            {reminders.isError && <ErrorText message={reminders.error.message} />}
            {reminders.data?.Reminders.length === 0 && (
              <Text size="sm" c="dimmed">
                No reminders yet.
              </Text>
            )}
            <ScrollArea.Autosize mah={400}>
              <Stack component="ul" gap="xs" p={0} m={0} aria-label="Reminders">
                {reminders.data?.Reminders.map((reminder) => (
                  <Paper
                    key={reminder.id}
                    component="li"
                    withBorder
                    p="xs"
                    radius="sm"
                    style={{ listStyle: 'none' }}
                  >
                    <Text size="sm" fw={600} td={reminder.task.done ? 'line-through' : undefined}>
                      {reminder.task.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <RelativeTime at={reminder.raised_at} />
                    </Text>
                    <ReminderActions reminder={reminder} onActed={() => setOpened(false)} />
                  </Paper>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  )
}
