import { Button, Group, Modal, Text } from '@mantine/core'
import { orderUpdateInputSchema, type Order } from '../../../shared/order'
import { useUpdateOrder } from './mutations'
import { OrderFields, useOrderForm } from './order-fields'

interface OrderEditDialogProps {
  order: Order | null
  opened: boolean
  onClose: () => void
  canWrite: boolean
}

/** Spec 2 'Edit Order': the same fields as create, without required markers. */
export function OrderEditDialog({ order, opened, onClose, canWrite }: OrderEditDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Edit Order"
      centered
    >
      {!canWrite ? (
        <Text>You do not have permission to edit an order.</Text>
      ) : (
        order && <EditOrderForm key={order.id} order={order} onClose={onClose} />
      )}
    </Modal>
  )
}

function EditOrderForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const form = useOrderForm(orderUpdateInputSchema, order)
  const update = useUpdateOrder()
  const submit = form.onSubmit((values) => {
    const edits = {
      customer: values.customer === null ? null : Number(values.customer),
      status: values.status ?? '',
      total_amount: values.total_Amount,
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
      <OrderFields form={form} required={false} order={order} />
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
