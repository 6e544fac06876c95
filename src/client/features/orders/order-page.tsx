import type { ReactNode } from 'react'
import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { Order } from '#shared/order'
import { historyQueries } from '../../api/history'
import { orderQueries } from '../../api/orders'
import { DetailList } from '../../components/detail-list'
import { HistorySection } from '../../components/history-section'
import { RecordHeader, RecordScreen, useRecordActions } from '../../components/record-screen'
import { formatAmount, formatDate } from '../../lib/format'
import { statusSet } from '../../lib/history-text'
import { OrderDeleteDialog } from './order-delete-dialog'
import { OrderEditDialog } from './order-edit-dialog'
import { CustomerLink, orderLabel } from './order-links'
import { StatusBadge } from './status-badge'

/** BEYOND.md "Order page": `/dashboard/orders/{id}`. */
interface OrderPageProps {
  id: number
  /** Its Tasks and Notes sections (the tasks and notes features; the route wires them in). */
  followUps: (order: Order) => ReactNode
}

export function OrderPage({ id, followUps }: OrderPageProps) {
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
      {(found) => <OrderDetails order={found} followUps={followUps(found)} />}
    </RecordScreen>
  )
}

function OrderDetails({ order, followUps }: { order: Order; followUps: ReactNode }) {
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
      {followUps}
      <StatusHistory id={order.id} />
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

/**
 * Every status the order has had, who set it and when: the entries that set a status
 * ("Pending", "Pending → Delivered · johndoe · 3 minutes ago"), newest first.
 */
function StatusHistory({ id }: { id: number }) {
  const history = useQuery(historyQueries.record('order', id))
  const entries = (history.data?.History ?? []).flatMap((entry) => {
    const status = statusSet(entry)
    return status === undefined ? [] : [{ ...entry, summary: status }]
  })
  return (
    <HistorySection
      title="Status history"
      empty="No status changes recorded yet."
      loading={history.isPending}
      error={history.error?.message}
      entries={entries}
    />
  )
}
