import { Button, Group, Modal, Text } from '@mantine/core'
import { notifyError, notifySuccess } from '../../lib/notify'
import { CustomerFields, useCustomerForm } from './customer-fields'
import { useCreateCustomer } from './mutations'

interface CustomerFormModalProps {
  opened: boolean
  onClose: () => void
  canWrite: boolean
}

/** Spec 2 create modal; a Tester sees only the refusal and no buttons (spec 6). */
export function CustomerFormModal({ opened, onClose, canWrite }: CustomerFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Add Customer"
      centered
      size="lg"
    >
      {canWrite ? (
        <CreateCustomerForm onClose={onClose} />
      ) : (
        <Text>You do not have permission to create a customer.</Text>
      )}
    </Modal>
  )
}

// Mounted only while the modal is open, so each opening starts with an empty form.
function CreateCustomerForm({ onClose }: { onClose: () => void }) {
  const form = useCustomerForm()
  const create = useCreateCustomer()
  const submit = form.onSubmit((values) => {
    create.mutate(values, {
      onSuccess: () => {
        onClose()
        notifySuccess('Customer Created')
      },
      onError: (error) => notifyError(error.message),
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <CustomerFields form={form} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create'}
        </Button>
      </Group>
    </form>
  )
}
