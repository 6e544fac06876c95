import { ActionIcon, Card, Group, Stack, Text } from '@mantine/core'
import { useDraggable } from '@dnd-kit/core'
import { IconGripVertical } from '@tabler/icons-react'
import type { Order } from '#shared/order'
import { AnchorLink } from '../../../components/anchor-link'
import { formatAmount, formatDate } from '../../../lib/format'
import { customerName, orderLabel } from '../order-links'
import classes from './board.module.css'

interface BoardCardProps {
  order: Order
  /** Testers see the cards but cannot move them (no handle, nothing to drag). */
  movable: boolean
}

/** An order on the board: ORD-id (its page), customer, amount, date. */
export function BoardCard({ order, movable }: BoardCardProps) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: order.id,
    data: { order },
    disabled: !movable,
  })
  return (
    <Card
      component="li"
      ref={setNodeRef}
      withBorder
      padding="sm"
      className={classes.card}
      data-dragging={isDragging || undefined}
      // The whole card drags with a mouse or a finger; the handle is the keyboard's.
      {...(movable ? listeners : {})}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <CardText order={order} />
        {movable && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            className={classes.handle}
            {...attributes}
            aria-label={`Move ${orderLabel(order)}`}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Card>
  )
}

/** The card's lines, also drawn under the pointer while it is dragged. */
export function CardText({ order, linked = true }: { order: Order; linked?: boolean }) {
  return (
    <Stack gap={2} miw={0}>
      <Text fw={600} size="sm">
        {linked ? (
          <AnchorLink to="/dashboard/orders/$id" params={{ id: order.id }}>
            {orderLabel(order)}
          </AnchorLink>
        ) : (
          orderLabel(order)
        )}
      </Text>
      <Text size="sm" className={classes.text}>
        {customerName(order)}
      </Text>
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {formatAmount(order.total_Amount)}
        </Text>
        <Text size="sm" c="dimmed">
          {formatDate(order.date_created)}
        </Text>
      </Group>
    </Stack>
  )
}
