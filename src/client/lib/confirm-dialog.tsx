import type { ReactNode } from 'react'
import { Button, Group, Modal, Text } from '@mantine/core'

interface ConfirmAction {
  label: string
  busyLabel: string
  busy: boolean
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
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {action && (
          <Button color="red" disabled={action.busy} onClick={action.onConfirm}>
            {action.busy ? action.busyLabel : action.label}
          </Button>
        )}
      </Group>
    </Modal>
  )
}
