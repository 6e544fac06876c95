import type { ReactNode } from 'react'
import { Stack, Text } from '@mantine/core'
import { ErrorText } from './data-table'
import { DialogActions, DialogFrame, type DialogAction } from './dialog'

interface ConfirmAction extends Pick<DialogAction, 'label' | 'busyLabel' | 'busy' | 'color'> {
  onConfirm: () => void
}

interface ConfirmDialogProps {
  opened: boolean
  onClose: () => void
  title: string
  message: ReactNode
  /** Left out when the user may not act (spec 6): the dialog then only explains. */
  action?: ConfirmAction
  /** Why the last try failed ('Error: {message}'); the dialog stays open to show it. */
  error?: string
}

/**
 * The one way to ask "are you sure?" (STYLE rule 12). A component rather than
 * `modals.openConfirmModal` so the confirm button can stay busy until the list is fresh.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  message,
  action,
  error,
}: ConfirmDialogProps) {
  return (
    <DialogFrame opened={opened} onClose={onClose} title={title}>
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        {error !== undefined && <ErrorText message={error} />}
      </Stack>
      <DialogActions
        onCancel={onClose}
        action={action && { color: 'red', ...action, onClick: action.onConfirm }}
      />
    </DialogFrame>
  )
}
