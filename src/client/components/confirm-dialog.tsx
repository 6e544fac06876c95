import type { ReactNode } from 'react'
import { Text } from '@mantine/core'
import { DialogActions, DialogFrame, type DialogAction } from './dialog'

interface ConfirmAction extends Pick<DialogAction, 'label' | 'busyLabel' | 'busy'> {
  onConfirm: () => void
}

interface ConfirmDialogProps {
  opened: boolean
  onClose: () => void
  title: string
  message: ReactNode
  /** Left out when the user may not act (spec 6): the dialog then only explains. */
  action?: ConfirmAction
}

/**
 * The one way to ask "are you sure?" (STYLE rule 12). A component rather than
 * `modals.openConfirmModal` so the confirm button can stay busy until the list is fresh.
 */
export function ConfirmDialog({ opened, onClose, title, message, action }: ConfirmDialogProps) {
  return (
    <DialogFrame opened={opened} onClose={onClose} title={title}>
      <Text size="sm">{message}</Text>
      <DialogActions
        onCancel={onClose}
        action={action && { ...action, onClick: action.onConfirm, color: 'red' }}
      />
    </DialogFrame>
  )
}
