import { customerSchema, type Customer } from '#shared/customer'
import { DialogActions, FormDialog, type DialogProps } from '../../components/dialog'
import { EditConflict, EditSession, useEditConflict } from '../../components/edit-conflict'
import { CustomerFields, useCustomerForm } from './customer-fields'
import { useUpdateCustomer } from './mutations'
import { useState } from 'react'
import { OwnerSelect, ownerOf, ownerValue } from './owner-select'

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
        <EditSession key={customer.id} record={customer}>
          {(loaded, reload) => (
            <EditCustomerForm customer={loaded} onReload={reload} onClose={dialog.onClose} />
          )}
        </EditSession>
      )}
    </FormDialog>
  )
}

interface EditCustomerFormProps {
  customer: Customer
  onReload: (current: Customer) => void
  onClose: () => void
}

function EditCustomerForm({ customer, onReload, onClose }: EditCustomerFormProps) {
  const form = useCustomerForm(customer)
  const update = useUpdateCustomer()
  const conflict = useEditConflict(customerSchema)
  const [owner, setOwner] = useState(ownerValue(customer.owner))
  const submit = form.onSubmit((values) => {
    // Spec 7: the loaded customer goes back with the edits; its `version` with it.
    update.mutate(
      { ...customer, ...values, owner: ownerOf(owner, undefined) },
      {
        onSuccess: onClose,
        // Spec 8: an edit failure is logged only; the dialog stays open with the edits.
        // A conflict is shown in the dialog instead, with a way to reload.
        onError: (error) => {
          if (!conflict.caught(error)) console.error('Failed to update customer:', error.message)
        },
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate>
      {conflict.current && (
        <EditConflict
          what="customer"
          onReload={() => conflict.current && onReload(conflict.current)}
        />
      )}
      <CustomerFields form={form} />
      <OwnerSelect value={owner} onChange={setOwner} current={customer.owner} />
      <DialogActions
        onCancel={onClose}
        action={{ label: 'Save', busyLabel: 'Saving...', busy: update.isPending }}
      />
    </form>
  )
}
