import type { Order } from '../../../shared/order'
import { RowDeleteDialog } from '../../lib/delete-dialog'
import type { DeleteDialogProps } from '../../lib/list-screen'
import { useDeleteOrder } from './mutations'

export function OrderDeleteDialog({ row: order, ...dialog }: DeleteDialogProps<Order>) {
  const remove = useDeleteOrder()
  return (
    <RowDeleteDialog
      {...dialog}
      id={order?.id}
      remove={remove}
      refusal="You do not have permission to delete an order."
      message="This action cannot be undone. This will permanently delete this Order and remove the data from our servers."
    />
  )
}
