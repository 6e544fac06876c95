import { ActionIcon, Badge, Group } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { OrderStatus } from '../../../shared/constants'
import type { Order } from '../../../shared/order'
import { DataTable, type DataColumn } from '../../lib/data-table'

interface OrderTableProps {
  orders: Order[]
  stale: boolean
  onEdit: (order: Order) => void
  onDelete: (order: Order) => void
}

// Same hues as the overview's status chart, so a status reads the same everywhere.
const STATUS_COLOR: Record<OrderStatus, string> = {
  Pending: 'red',
  'Out for delivery': 'yellow',
  Delivered: 'teal',
}

export const orderLabel = (order: Pick<Order, 'id'>) => `ORD-${order.id}`

/** Spec 2 columns: Order ID, Customer, Status, Total Amount, Order Date, Action. */
export function OrderTable({ orders, stale, onEdit, onDelete }: OrderTableProps) {
  const columns: DataColumn<Order>[] = [
    { header: 'Order ID', cell: (o) => orderLabel(o) },
    { header: 'Customer', cell: (o) => o.customer_name ?? 'Unknown Customer' },
    {
      header: 'Status',
      cell: (o) => (
        <Badge variant="light" color={STATUS_COLOR[o.status]} tt="none">
          {o.status}
        </Badge>
      ),
    },
    { header: 'Total Amount', cell: (o) => `$${o.total_Amount}` },
    { header: 'Order Date', cell: (o) => o.date_created.slice(0, 10) },
    {
      header: 'Action',
      cell: (o) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Edit ${orderLabel(o)}`}
            onClick={() => onEdit(o)}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${orderLabel(o)}`}
            onClick={() => onDelete(o)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
  ]
  return (
    <DataTable
      caption="A list of your recent orders."
      columns={columns}
      rows={orders}
      rowKey={(o) => o.id}
      stale={stale}
    />
  )
}
