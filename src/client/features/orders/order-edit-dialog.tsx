import { orderSchema, orderUpdateInputSchema, type Order } from '#shared/order'
import { DialogActions, FormDialog, type DialogProps } from '../../components/dialog'
import { EditConflict, EditSession, useEditConflict } from '../../components/edit-conflict'
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
      {order && (
        <EditSession key={order.id} record={order}>
          {(loaded, reload) => (
            <EditOrderForm order={loaded} onReload={reload} onClose={dialog.onClose} />
          )}
        </EditSession>
      )}
    </FormDialog>
  )
}

interface EditOrderFormProps {
  order: Order
  onReload: (current: Order) => void
  onClose: () => void
}

function EditOrderForm({ order, onReload, onClose }: EditOrderFormProps) {
  const form = useOrderForm(orderUpdateInputSchema, order)
  const update = useUpdateOrder()
  const conflict = useEditConflict(orderSchema)
  const submit = form.onSubmit((values) => {
    const edits = {
      customer: { id: values.customer === null ? null : Number(values.customer) },
      status: values.status ?? '',
      total_amount: values.total_Amount ?? '',
    }
    // Spec 7: the loaded order goes back with the edits; its `version` with it.
    update.mutate(
      { order, edits },
      {
        onSuccess: onClose,
        // Spec 8: an edit failure is logged only; the dialog stays open with the edits.
        // A conflict is shown in the dialog instead, with a way to reload.
        onError: (error) => {
          if (!conflict.caught(error)) console.error('Failed to update order:', error.message)
        },
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate>
      {conflict.current && (
        <EditConflict
          what="order"
          onReload={() => conflict.current && onReload(conflict.current)}
        />
      )}
      <OrderFields form={form} required={false} customer={pickedCustomer(order)} />
      <DialogActions
        onCancel={onClose}
        action={{ label: 'Save', busyLabel: 'Saving...', busy: update.isPending }}
      />
    </form>
  )
}
