import { notifications } from '@mantine/notifications'
import type { QueryClient } from '@tanstack/react-query'
import type { ReminderEvent } from '#shared/reminders'
import { reminderQueries } from '../../api/reminders'
import { ReminderActions } from './reminder-actions'

/**
 * A reminder raised while the dashboard is open (BEYOND.md "Reminders"): 'Reminder:
 * {title}', staying until acted on, and the browser's own notification when allowed.
 */
export function showReminder(qc: QueryClient, reminder: ReminderEvent): void {
  void qc.invalidateQueries({ queryKey: reminderQueries.all })
  const id = `reminder-${reminder.id}`
  const title = `Reminder: ${reminder.task.title}`
  notifications.show({
    id,
    title,
    autoClose: false,
    withBorder: true,
    color: 'blue',
    message: <ReminderActions reminder={reminder} onActed={() => notifications.hide(id)} />,
  })
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    const desktop = new Notification(title, { body: reminder.task.details, tag: id })
    desktop.onclick = () => window.focus()
  }
}
