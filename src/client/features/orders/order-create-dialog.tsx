import { orderCreateInputSchema } from '#shared/order'
import { DialogActions, FormDialog, type DialogProps } from '../../components/dialog'
import { notifySuccess } from '../../lib/notify'
import { useCreateOrder } from './mutations'
import { OrderFields, useOrderForm, type PickedCustomer } from './order-fields'

interface OrderCreateDialogProps extends DialogProps {
  /** The customer page's own customer, already picked. */
  customer?: PickedCustomer
}

/** Spec 2 create order: an overlay card with a close icon; a Tester sees only the refusal. */
export function OrderCreateDialog({ customer, ...dialog }: OrderCreateDialogProps) {
  return (
    <FormDialog
      {...dialog}
      title="Add Order"
      refusal="You do not have permission to create an order."
    >
      <CreateOrderForm customer={customer} onClose={dialog.onClose} />
    </FormDialog>
  )
}

// Mounted only while the modal is open, so each opening starts afresh.
function CreateOrderForm({
  customer,
  onClose,
}: {
  customer?: PickedCustomer
  onClose: () => void
}) {
  const form = useOrderForm(orderCreateInputSchema, { customer: customer?.id })
  const create = useCreateOrder()
  // The schema has checked the values; `?? ''` only narrows away the selects' empty null.
  const submit = form.onSubmit(({ customer, status, total_Amount }) => {
    create.mutate(
      { customer: customer ?? '', status: status ?? '', total_Amount: total_Amount ?? '' },
      {
        onSuccess: () => {
          onClose()
          notifySuccess('Order Created')
        },
        // Spec 8: a create failure is logged only and the form stays open.
        onError: (error) => console.error('Failed to create order:', error.message),
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate>
      <OrderFields form={form} required customer={customer} />
      <DialogActions
        onCancel={onClose}
        action={{ label: 'Create', busyLabel: 'Creating...', busy: create.isPending }}
      />
    </form>
  )
}
