import { Button, Group } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { createElement } from 'react'

// The one toast helper (STYLE rule 12); position and 5000 ms auto-close are set on <Notifications> (spec 9).
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', withBorder: true })
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', withBorder: true })
}

/** How long a delete can be taken back from its toast (BEYOND.md "Undo after delete"). */
export const UNDO_MS = 10_000

interface Undo {
  /** Takes the change back (a restore); its failure is shown as an error toast. */
  undo: () => Promise<unknown>
  /** The toast after it worked: 'Customer restored'. */
  undone: string
}

/** 'Customer deleted' with an 'Undo' button, for 10 seconds. */
export function notifyUndo(message: string, { undo, undone }: Undo): void {
  const id = notifications.show({
    color: 'green',
    withBorder: true,
    autoClose: UNDO_MS,
    // createElement: this module stays .ts, as every caller imports it.
    message: createElement(
      Group,
      { justify: 'space-between', wrap: 'nowrap', gap: 'sm' },
      createElement('span', null, message),
      createElement(
        Button<'button'>,
        {
          size: 'compact-sm',
          variant: 'light',
          onClick: () => {
            notifications.hide(id)
            undo().then(
              () => notifySuccess(undone),
              (error: Error) => notifyError(error.message),
            )
          },
        },
        'Undo',
      ),
    ),
  })
}
