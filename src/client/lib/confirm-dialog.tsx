import type { ReactNode } from 'react'
import { Modal, Text } from '@mantine/core'
import { DialogActions, type DialogAction } from './dialog-actions'

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
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={title}
      centered
    >
      <Text size="sm">{message}</Text>
      <DialogActions
        onCancel={onClose}
        action={action && { ...action, onClick: action.onConfirm, color: 'red' }}
      />
    </Modal>
  )
}
