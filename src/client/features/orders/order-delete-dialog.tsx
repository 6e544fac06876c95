import type { Order } from '#shared/order'
import { DeleteDialog } from '../../components/delete-dialog'
import type { DialogProps } from '../../components/dialog'
import { useDeleteOrder } from './mutations'

interface OrderDeleteDialogProps extends DialogProps {
  order: Order | undefined
  /** Spec 8: a delete failure is shown by the page as 'Error: {message}'. */
  onError: (message: string | null) => void
  onDeleted?: () => void
}

/**
 * Spec 2's delete confirmation for an order, its text saying what Undo and History allow;
 * a Tester reads the refusal (spec 6).
 */
export function OrderDeleteDialog({ order, ...props }: OrderDeleteDialogProps) {
  const remove = useDeleteOrder()
  return (
    <DeleteDialog
      {...props}
      target={order}
      remove={remove}
      refusal="You do not have permission to delete an order."
      message="This will delete this Order. You can undo it right after, or restore it later from History."
    />
  )
}
