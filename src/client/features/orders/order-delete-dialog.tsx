import type { Order } from '../../../shared/order'
import { ConfirmDialog } from '../../lib/confirm-dialog'
import { useDeleteOrder } from './mutations'

interface OrderDeleteDialogProps {
  order: Order | null
  opened: boolean
  onClose: () => void
  canWrite: boolean
  /** Spec 8: a delete failure is stored and shown on the page as 'Error: {message}'. */
  onError: (message: string | null) => void
}

export function OrderDeleteDialog({
  order,
  opened,
  onClose,
  canWrite,
  onError,
}: OrderDeleteDialogProps) {
  const remove = useDeleteOrder()
  if (!canWrite) {
    return (
      <ConfirmDialog
        opened={opened}
        onClose={onClose}
        title="Warning!"
        message="You do not have permission to delete an order."
      />
    )
  }
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Are you absolutely sure?"
      message="This action cannot be undone. This will permanently delete this Order and remove the data from our servers."
      action={{
        label: 'Delete',
        busyLabel: 'Deleting...',
        busy: remove.isPending,
        onConfirm: () => {
          if (!order) return
          remove.mutate(order.id, {
            onSuccess: () => onError(null),
            onError: (error) => onError(error.message),
            onSettled: onClose,
          })
        },
      }}
    />
  )
}
