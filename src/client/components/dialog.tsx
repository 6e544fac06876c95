import type { ReactNode } from 'react'
import { Button, Group, Modal, Text, type MantineColor, type ModalProps } from '@mantine/core'
import { useRole } from '../lib/role'

/** What a page hands each of its dialogs. */
export interface DialogProps {
  opened: boolean
  onClose: () => void
}

interface DialogFrameProps extends DialogProps {
  title: string
  size?: ModalProps['size']
  children: ReactNode
}

/** The one dialog frame (STYLE rule 12): centred, its close icon named 'Close'. */
export function DialogFrame({ opened, onClose, title, size, children }: DialogFrameProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={title}
      centered
      size={size}
    >
      {children}
    </Modal>
  )
}

interface FormDialogProps extends DialogFrameProps {
  /** What a user who may not write reads instead of the form, with no buttons (spec 6). */
  refusal: string
}

/** The create and edit dialogs: the form for a writer, only the refusal for a Tester. */
export function FormDialog({ refusal, children, ...frame }: FormDialogProps) {
  // Read here rather than handed down: the list screen has waited for the role already.
  const { canWrite } = useRole()
  return <DialogFrame {...frame}>{canWrite ? children : <Text>{refusal}</Text>}</DialogFrame>
}

export interface DialogAction {
  label: string
  busyLabel: string
  /** True until the write and the refresh after it are done (STYLE rule 6). */
  busy: boolean
  /** Without it the button submits the form it stands in. */
  onClick?: () => void
  color?: MantineColor
}

interface DialogActionsProps {
  onCancel: () => void
  /** Left out when the user may not act (spec 6): only Cancel is offered. */
  action?: DialogAction
}

/** The one dialog footer: Cancel, then the action that stays busy while it runs. */
export function DialogActions({ onCancel, action }: DialogActionsProps) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {action && (
        <Button
          type={action.onClick ? 'button' : 'submit'}
          color={action.color}
          disabled={action.busy}
          onClick={action.onClick}
        >
          {action.busy ? action.busyLabel : action.label}
        </Button>
      )}
    </Group>
  )
}
