import { Badge } from '@mantine/core'
import type { DeliveryStatus } from '#shared/webhooks'

const SHOWN: Record<DeliveryStatus, { label: string; color: string }> = {
  delivered: { label: 'Delivered', color: 'teal' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
}

/** BEYOND.md "Admin": a delivery's badge 'Delivered' / 'Pending' / 'Failed'. */
export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  const { label, color } = SHOWN[status]
  return (
    <Badge variant="light" color={color} tt="none" miw="max-content">
      {label}
    </Badge>
  )
}
