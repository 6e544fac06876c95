import type { UseMutationResult } from '@tanstack/react-query'
import { ConfirmDialog } from './confirm-dialog'
import type { DeleteDialogProps } from './list-screen'

interface RowDeleteDialogProps extends Omit<DeleteDialogProps<unknown>, 'row'> {
  /** The chosen row's id; undefined before a row is chosen. */
  id: number | undefined
  /** The feature's delete mutation, taking the row's id. */
  remove: UseMutationResult<void, Error, number>
  /** What a user who may not delete reads under 'Warning!' (spec 6). */
  refusal: string
  /** The warning above the Delete button. */
  message: string
}

/** Spec 2 delete confirmation; a failure goes to the page as 'Error: {message}' (spec 8). */
export function RowDeleteDialog({
  id,
  remove,
  refusal,
  message,
  opened,
  onClose,
  canWrite,
  onError,
}: RowDeleteDialogProps) {
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
