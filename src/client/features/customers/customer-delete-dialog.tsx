import type { Customer } from '../../../shared/customer'
import { ConfirmDialog } from '../../lib/confirm-dialog'
import { useDeleteCustomer } from './mutations'

interface CustomerDeleteDialogProps {
  customer: Customer | null
  opened: boolean
  onClose: () => void
  canWrite: boolean
  /** Spec 8: a delete failure is stored and shown on the page as 'Error: {message}'. */
  onError: (message: string | null) => void
}

export function CustomerDeleteDialog({
  customer,
  opened,
  onClose,
  canWrite,
  onError,
}: CustomerDeleteDialogProps) {
  const remove = useDeleteCustomer()
  if (!canWrite) {
    return (
      <ConfirmDialog
        opened={opened}
        onClose={onClose}
        title="Warning!"
        message="You do not have permission to delete the customer."
      />
    )
  }
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Are you absolutely sure?"
      message="This action cannot be undone. This will permanently delete this Customer and remove the data from our servers."
      action={{
        label: 'Delete',
        busyLabel: 'Deleting...',
        busy: remove.isPending,
        onConfirm: () => {
          if (!customer) return
          remove.mutate(customer.id, {
            onSuccess: () => onError(null),
            onError: (error) => onError(error.message),
            onSettled: onClose,
          })
        },
      }}
    />
  )
}
