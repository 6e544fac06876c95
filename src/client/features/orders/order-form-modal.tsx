import { orderCreateInputSchema } from '../../../shared/order'
import { DialogActions, FormDialog } from '../../lib/dialog'
import type { DialogProps } from '../../lib/list-screen'
import { notifySuccess } from '../../lib/notify'
import { useCreateOrder } from './mutations'
import { OrderFields, useOrderForm } from './order-fields'

/** Spec 2 create order: an overlay card with a close icon; a Tester sees only the refusal. */
export function OrderFormModal(dialog: DialogProps) {
  return (
    <FormDialog
      {...dialog}
      title="Add Order"
      refusal="You do not have permission to create an order."
    >
      <CreateOrderForm onClose={dialog.onClose} />
    </FormDialog>
  )
}

// Mounted only while the modal is open, so each opening starts with an empty form.
function CreateOrderForm({ onClose }: { onClose: () => void }) {
  const form = useOrderForm(orderCreateInputSchema)
  const create = useCreateOrder()
  const submit = form.onSubmit((values) => {
    create.mutate(
      {
        customer: values.customer ?? '',
        status: values.status ?? '',
        total_Amount: values.total_Amount,
      },
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
      <OrderFields form={form} required />
      <DialogActions
        onCancel={onClose}
        action={{ label: 'Create', busyLabel: 'Creating...', busy: create.isPending }}
      />
    </form>
  )
}
