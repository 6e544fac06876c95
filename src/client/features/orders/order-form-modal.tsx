import { Button, Group, Modal, Text } from '@mantine/core'
import { orderCreateInputSchema } from '../../../shared/order'
import { notifySuccess } from '../../lib/notify'
import { useCreateOrder } from './mutations'
import { OrderFields, useOrderForm } from './order-fields'

interface OrderFormModalProps {
  opened: boolean
  onClose: () => void
  canWrite: boolean
}

/** Spec 2 create order: an overlay card with a close icon; a Tester sees only the refusal. */
export function OrderFormModal({ opened, onClose, canWrite }: OrderFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Add Order"
      centered
    >
      {canWrite ? (
        <CreateOrderForm onClose={onClose} />
      ) : (
        <Text>You do not have permission to create an order.</Text>
      )}
    </Modal>
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
