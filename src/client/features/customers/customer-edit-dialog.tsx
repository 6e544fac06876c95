import { Button, Group, Modal, Text } from '@mantine/core'
import type { Customer } from '../../../shared/customer'
import { CustomerFields, useCustomerForm } from './customer-fields'
import { useUpdateCustomer } from './mutations'

interface CustomerEditDialogProps {
  customer: Customer | null
  opened: boolean
  onClose: () => void
  canWrite: boolean
}

/** Spec 2 'Edit Customer': opens with the chosen customer, closes on Cancel or a saved edit. */
export function CustomerEditDialog({
  customer,
  opened,
  onClose,
  canWrite,
}: CustomerEditDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Edit Customer"
      centered
      size="lg"
    >
      {!canWrite ? (
        <Text>You do not have permission to edit a customer.</Text>
      ) : (
        customer && <EditCustomerForm key={customer.id} customer={customer} onClose={onClose} />
      )}
    </Modal>
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
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Group>
    </form>
  )
}
