import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OrderStatus } from '#shared/constants'
import { orderSchema, type Order, type OrderUpdateInput } from '#shared/order'
import { api } from '../../../api/client'
import { orderQueries } from '../../../api/orders'
import { refreshAfterChange } from '../../../lib/refresh-after-change'
import { withOrder, withoutOrder, type ColumnData, type ColumnFilters } from './board-cache'

const MOVE_KEY = ['board', 'move'] as const

export interface Move {
  /** The card as it was loaded: its `version` makes a stale move a 409, never an overwrite. */
  order: Order
  status: OrderStatus
}

/**
 * A card dropped on another column: it moves there at once (every loaded column of the
 * board), then `PUT orders/{id}` with the version the card was loaded with. Refused, the
 * columns go back to what they were; either way the lists are asked again once the last
 * move in flight is settled, so a quick second move is not undone by the first's refresh.
 */
export function useMoveOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationKey: MOVE_KEY,
    mutationFn: ({ order, status }: Move) => {
      const body = {
        customer: { id: order.customer },
        status,
        total_amount: order.total_Amount,
        version: order.version,
      } satisfies OrderUpdateInput
      return api.put(`orders/${order.id}`, { json: body }).json(orderSchema)
    },
    onMutate: async ({ order, status }: Move) => {
      await qc.cancelQueries({ queryKey: orderQueries.columns() })
      const before = qc.getQueriesData<ColumnData>({ queryKey: orderQueries.columns() })
      for (const [key, data] of before) {
        if (!data) continue
        const filters = key.at(-1) as ColumnFilters
        const rest = withoutOrder(data, order.id)
        const moved = { ...order, status }
        qc.setQueryData(
          key,
          filters.status === status ? withOrder(rest, moved, filters.ordering) : rest,
        )
      }
      return { before }
    },
    onError: (_error, _move, context) => {
      for (const [key, data] of context?.before ?? []) qc.setQueryData(key, data)
    },
    onSettled: (_order, _error, { order }) =>
      qc.isMutating({ mutationKey: MOVE_KEY }) === 1
        ? refreshAfterChange(qc, { entity: 'order', id: order.id, action: 'update' })
        : undefined,
  })
}
