import { DialogActions, FormDialog, type DialogProps } from '../../components/dialog'
import { notifyError, notifySuccess } from '../../lib/notify'
import { useState } from 'react'
import { currentUserId } from '../../lib/tokens'
import { CustomerFields, useCustomerForm } from './customer-fields'
import { useCreateCustomer } from './mutations'
import { NOBODY } from './owner-options'
import { OwnerSelect } from './owner-select'

/** Spec 2 create modal; a Tester sees only the refusal and no buttons (spec 6). */
export function CustomerCreateDialog(dialog: DialogProps) {
  return (
    <FormDialog
      {...dialog}
      title="Add Customer"
      size="lg"
      refusal="You do not have permission to create a customer."
    >
      <CreateCustomerForm onClose={dialog.onClose} />
    </FormDialog>
  )
}

// Mounted only while the modal is open, so each opening starts with an empty form.
function CreateCustomerForm({ onClose }: { onClose: () => void }) {
  const form = useCustomerForm()
  const create = useCreateCustomer()
  // BEYOND.md: the owner defaults to the one creating the customer.
  const [owner, setOwner] = useState(String(currentUserId() ?? NOBODY.value))
  const submit = form.onSubmit((values) => {
    create.mutate(
      { ...values, owner: owner === NOBODY.value ? null : Number(owner) },
      {
        onSuccess: () => {
          onClose()
          notifySuccess('Customer Created')
        },
        onError: (error) => notifyError(error.message),
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate>
      <CustomerFields form={form} />
      <OwnerSelect value={owner} onChange={setOwner} />
      <DialogActions
        onCancel={onClose}
        action={{ label: 'Create', busyLabel: 'Creating...', busy: create.isPending }}
      />
    </form>
  )
}
