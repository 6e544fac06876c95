import { Badge } from '@mantine/core'
import type { OrderStatus } from '../../../shared/constants'
import type { Order } from '../../../shared/order'
import { DataTable, type DataColumn } from '../../components/data-table'
import { actionColumn, type RowTableProps } from '../../components/row-actions'

// Same hues as the overview's status chart, so a status reads the same everywhere.
const STATUS_COLOR: Record<OrderStatus, string> = {
  Pending: 'red',
  'Out for delivery': 'yellow',
  Delivered: 'teal',
}

// Darker text than Mantine's light variant gives, for WCAG AA contrast (see theme.ts).
const STATUS_TEXT: Record<OrderStatus, string> = {
  Pending: 'var(--crm-status-pending)',
  'Out for delivery': 'var(--crm-status-out-for-delivery)',
  Delivered: 'var(--crm-status-delivered)',
}

const orderLabel = (order: Pick<Order, 'id'>) => `ORD-${order.id}`

/** Spec 2 columns: Order ID, Customer, Status, Total Amount, Order Date, Action. */
export function OrderTable({ rows, stale, onEdit, onDelete }: RowTableProps<Order>) {
  const columns: DataColumn<Order>[] = [
    { header: 'Order ID', cell: (o) => orderLabel(o) },
    { header: 'Customer', cell: (o) => o.customer_name ?? 'Unknown Customer' },
    {
      header: 'Status',
      cell: (o) => (
        <Badge variant="light" color={STATUS_COLOR[o.status]} c={STATUS_TEXT[o.status]} tt="none">
          {o.status}
        </Badge>
      ),
    },
    { header: 'Total Amount', cell: (o) => `$${o.total_Amount}` },
    { header: 'Order Date', cell: (o) => o.date_created.slice(0, 10) },
    actionColumn({ label: orderLabel, onEdit, onDelete }),
  ]
  return (
    <DataTable
      caption="A list of your recent orders."
      columns={columns}
      rows={rows}
      rowKey={(o) => o.id}
      stale={stale}
    />
  )
}
