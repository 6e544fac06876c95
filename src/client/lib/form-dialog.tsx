import type { ReactNode } from 'react'
import { Modal, Text, type ModalProps } from '@mantine/core'

interface FormDialogProps {
  opened: boolean
  onClose: () => void
  title: string
  size?: ModalProps['size']
  canWrite: boolean
  /** What a user who may not write reads instead of the form, with no buttons (spec 6). */
  refusal: string
  children: ReactNode
}

/** The create and edit dialogs' frame: the form for a writer, the refusal for a Tester. */
export function FormDialog({
  opened,
  onClose,
  title,
  size,
  canWrite,
  refusal,
  children,
}: FormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={title}
      centered
      size={size}
    >
      {canWrite ? children : <Text>{refusal}</Text>}
    </Modal>
  )
}
