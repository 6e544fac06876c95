import { Badge } from '@mantine/core'
import type { OrderStatus } from '#shared/constants'

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

/** An order's status in the orders tables and on the order page. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} c={STATUS_TEXT[status]} tt="none">
      {status}
    </Badge>
  )
}
