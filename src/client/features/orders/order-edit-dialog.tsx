import { orderUpdateInputSchema, type Order } from '../../../shared/order'
import { DialogActions, FormDialog, type DialogProps } from '../../components/dialog'
import { useUpdateOrder } from './mutations'
import { OrderFields, pickedCustomer, useOrderForm } from './order-fields'

/** Spec 2 'Edit Order': the same fields as create, without required markers. */
export function OrderEditDialog({ order, ...dialog }: DialogProps & { order: Order | null }) {
  return (
    <FormDialog
      {...dialog}
      title="Edit Order"
      refusal="You do not have permission to edit an order."
    >
      {order && <EditOrderForm key={order.id} order={order} onClose={dialog.onClose} />}
    </FormDialog>
  )
}

function EditOrderForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const form = useOrderForm(orderUpdateInputSchema, order)
  const update = useUpdateOrder()
  const submit = form.onSubmit((values) => {
    const edits = {
      customer: { id: values.customer === null ? null : Number(values.customer) },
      status: values.status ?? '',
      total_amount: values.total_Amount ?? '',
    }
    update.mutate(
      { order, edits },
      {
        onSuccess: onClose,
        // Spec 8: an edit failure is logged only; the dialog stays open with the edits.
        onError: (error) => console.error('Failed to update order:', error.message),
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate>
      <OrderFields form={form} required={false} customer={pickedCustomer(order)} />
      <DialogActions
        onCancel={onClose}
        action={{ label: 'Save', busyLabel: 'Saving...', busy: update.isPending }}
      />
    </form>
  )
}
