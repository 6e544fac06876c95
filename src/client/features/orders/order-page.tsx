import { Stack } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import type { Order } from '../../../shared/order'
import { DetailList } from '../../components/detail-list'
import { HistorySection } from '../../components/history-section'
import { RecordHeader, RecordScreen, useRecordActions } from '../../components/record-screen'
import { formatAmount, formatDate } from '../../lib/format'
import { OrderDeleteDialog } from './order-delete-dialog'
import { OrderEditDialog } from './order-edit-dialog'
import { CustomerLink, orderLabel } from './order-links'
import { orderQueries } from './queries'
import { StatusBadge } from './status-badge'

/** BEYOND.md "Order page": `/dashboard/orders/{id}`. */
export function OrderPage({ id }: { id: number }) {
  return (
    <RecordScreen
      id={id}
      detail={orderQueries.detail}
      loadingLabel="Loading order"
      notFound={{
        title: 'Order not found',
        back: { to: '/dashboard/orders', label: 'Back to orders' },
      }}
    >
      {(found) => <OrderDetails order={found} />}
    </RecordScreen>
  )
}

function OrderDetails({ order }: { order: Order }) {
  const navigate = useNavigate()
  const actions = useRecordActions()
  return (
    <Stack gap="lg">
      <RecordHeader title={orderLabel(order)} actions={actions} />
      <DetailList
        details={[
          { label: 'Customer', value: <CustomerLink order={order} /> },
          { label: 'Status', value: <StatusBadge status={order.status} /> },
          { label: 'Amount', value: formatAmount(order.total_Amount) },
          { label: 'Order date', value: formatDate(order.date_created) },
        ]}
      />
      <HistorySection title="Status history" entries={[]} empty="No status changes recorded yet." />
      <OrderEditDialog order={order} opened={actions.editing} onClose={actions.edit.close} />
      <OrderDeleteDialog
        order={order}
        opened={actions.deleting}
        onClose={actions.confirmDelete.close}
        onError={actions.setDeleteError}
        onDeleted={() => void navigate({ to: '/dashboard/orders' })}
      />
    </Stack>
  )
}
