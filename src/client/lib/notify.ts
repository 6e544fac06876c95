import { notifications } from '@mantine/notifications'

// The one toast helper (STYLE rule 12); position and 5000 ms auto-close are set on <Notifications> (spec 9).
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', withBorder: true })
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', withBorder: true })
}
