import type { Customer } from '../../../shared/customer'
import { DialogActions, FormDialog, type DialogProps } from '../../components/dialog'
import { CustomerFields, useCustomerForm } from './customer-fields'
import { useUpdateCustomer } from './mutations'

/** Spec 2 'Edit Customer': opens with the chosen customer, closes on Cancel or a saved edit. */
export function CustomerEditDialog({
  customer,
  ...dialog
}: DialogProps & { customer: Customer | null }) {
  return (
    <FormDialog
      {...dialog}
      title="Edit Customer"
      size="lg"
      refusal="You do not have permission to edit a customer."
    >
      {customer && (
        <EditCustomerForm key={customer.id} customer={customer} onClose={dialog.onClose} />
      )}
    </FormDialog>
  )
}

function EditCustomerForm({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const form = useCustomerForm(customer)
  const update = useUpdateCustomer()
  const submit = form.onSubmit((values) => {
    update.mutate(
      { ...customer, ...values },
      {
        onSuccess: onClose,
        // Spec 8: an edit failure is logged only; the dialog stays open with the edits.
        onError: (error) => console.error('Failed to update customer:', error.message),
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate>
      <CustomerFields form={form} />
      <DialogActions
        onCancel={onClose}
        action={{ label: 'Save', busyLabel: 'Saving...', busy: update.isPending }}
      />
    </form>
  )
}
