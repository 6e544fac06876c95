import { useState } from 'react'
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core'
import { Card } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { ORDER_STATUSES, type OrderStatus } from '#shared/constants'
import type { Order } from '#shared/order'
import { ApiError } from '../../../api/client'
import { orderQueries } from '../../../api/orders'
import { ErrorText } from '../../../components/data-table'
import { EditConflict } from '../../../components/edit-conflict'
import { CardText } from './board-card'
import { BoardColumns, type BoardFilters } from './board-columns'
import { announcements, columnCoordinates, instructions } from './board-keyboard'
import { useMoveOrder } from './use-move-order'
import classes from './board.module.css'

// The pointer's column when there is a pointer; the keyboard's card box otherwise.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args)
  return hits.length > 0 ? hits : rectIntersection(args)
}

interface OrderBoardProps {
  /** The statuses the filters allow, in workflow order: one column each. */
  statuses: readonly OrderStatus[]
  filters: BoardFilters
  /** Testers see the board but move nothing (the server refuses them too). */
  canMove: boolean
}

/**
 * BEYOND.md "Orders board": a column per status; a card dropped on another column moves
 * there at once and then on the server. Mouse and touch drag the card; the keyboard
 * picks it up by its handle (Space), moves it with the arrows and drops it (Space).
 */
export function OrderBoard({ statuses, filters, canMove }: OrderBoardProps) {
  const qc = useQueryClient()
  const move = useMoveOrder()
  const [dragging, setDragging] = useState<Order | null>(null)
  const sensors = useSensors(
    // A click on the ORD-id link is not a drag: a drag starts after 6 px.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger scrolls the page; held still for a moment it picks the card up.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates(statuses) }),
  )

  const drop = ({ active, over }: DragEndEvent) => {
    setDragging(null)
    const order = active.data.current?.order as Order | undefined
    const status = ORDER_STATUSES.find((s) => s === over?.id)
    if (order && status && status !== order.status) move.mutate({ order, status })
  }

  const conflict = move.error instanceof ApiError && move.error.status === 409
  return (
    <div>
      {conflict ? (
        <EditConflict
          what="order"
          onReload={() => {
            move.reset()
            void qc.invalidateQueries({ queryKey: orderQueries.columns() })
          }}
        />
      ) : (
        move.error && <ErrorText message={move.error.message} />
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        accessibility={{ announcements, screenReaderInstructions: instructions }}
        onDragStart={({ active }) => setDragging((active.data.current?.order as Order) ?? null)}
        onDragEnd={drop}
        onDragCancel={() => setDragging(null)}
      >
        <BoardColumns statuses={statuses} filters={filters} canMove={canMove} />
        <DragOverlay>
          {dragging && (
            <Card withBorder padding="sm" className={classes.overlay} data-board-overlay>
              <CardText order={dragging} linked={false} />
            </Card>
          )}
        </DragOverlay>
      </DndContext>
    </div>
  )
}
