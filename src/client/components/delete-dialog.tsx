import type { UseMutationResult } from '@tanstack/react-query'
import { useRole } from '../lib/role'
import { ConfirmDialog } from './confirm-dialog'
import type { DialogProps } from './dialog'

interface DeleteDialogProps extends DialogProps {
  /** The chosen row's id; undefined before a row is chosen. */
  id: number | undefined
  /** The feature's delete mutation, taking the row's id. */
  remove: UseMutationResult<void, Error, number>
  /** Spec 8: a delete failure is kept by the page and shown as 'Error: {message}'. */
  onError: (message: string | null) => void
  /** What a user who may not delete reads under 'Warning!' (spec 6). */
  refusal: string
  /** The warning above the Delete button. */
  message: string
}

/** Spec 2 delete confirmation; a Tester sees only the refusal (spec 6). */
export function DeleteDialog({
  id,
  remove,
  onError,
  refusal,
  message,
  opened,
  onClose,
}: DeleteDialogProps) {
  // Read here rather than handed down: the list screen has waited for the role already.
  const { canWrite } = useRole()
  if (!canWrite) {
    return <ConfirmDialog opened={opened} onClose={onClose} title="Warning!" message={refusal} />
  }
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Are you absolutely sure?"
      message={message}
      action={{
        label: 'Delete',
        busyLabel: 'Deleting...',
        busy: remove.isPending,
        onConfirm: () => {
          if (id === undefined) return
          remove.mutate(id, {
            onSuccess: () => onError(null),
            onError: (error) => onError(error.message),
            onSettled: onClose,
          })
        },
      }}
    />
  )
}
