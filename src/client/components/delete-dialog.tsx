import type { UseMutationResult } from '@tanstack/react-query'
import { useRole } from '../lib/role'
import { ConfirmDialog } from './confirm-dialog'
import type { DialogProps } from './dialog'

interface DeleteDialogProps<Target> extends DialogProps {
  /** What the delete mutation takes (a row's id, or the row); undefined before one is chosen. */
  target: Target | undefined
  /** The feature's delete mutation. */
  remove: UseMutationResult<void, Error, Target>
  /** Spec 8: a delete failure is kept by the page and shown as 'Error: {message}'. */
  onError: (message: string | null) => void
  /** What a user who may not delete reads under 'Warning!' (spec 6). */
  refusal: string
  /** The warning above the Delete button. */
  message: string
  /** After a delete succeeded (a record's page goes back to its list). */
  onDeleted?: () => void
}

/** Spec 2 delete confirmation; a Tester sees only the refusal (spec 6). */
export function DeleteDialog<Target>({
  target,
  remove,
  onError,
  refusal,
  message,
  onDeleted,
  opened,
  onClose,
}: DeleteDialogProps<Target>) {
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
          if (target === undefined) return
          remove.mutate(target, {
            onSuccess: () => {
              onError(null)
              onDeleted?.()
            },
            onError: (error) => onError(error.message),
            onSettled: onClose,
          })
        },
      }}
    />
  )
}
