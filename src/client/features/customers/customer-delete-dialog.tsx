import type { Customer } from '../../../shared/customer'
import { RowDeleteDialog } from '../../lib/delete-dialog'
import type { DeleteDialogProps } from '../../lib/list-screen'
import { useDeleteCustomer } from './mutations'

export function CustomerDeleteDialog({ row: customer, ...dialog }: DeleteDialogProps<Customer>) {
  const remove = useDeleteCustomer()
  return (
    <RowDeleteDialog
      {...dialog}
      id={customer?.id}
      remove={remove}
      refusal="You do not have permission to delete the customer."
      message="This action cannot be undone. This will permanently delete this Customer and remove the data from our servers."
    />
  )
}
