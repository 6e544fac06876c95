import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  orderSchema,
  type Order,
  type OrderCreateInput,
  type OrderUpdateInput,
} from '#shared/order'
import { api } from '../../api/client'
import { notifyUndo } from '../../lib/notify'
import { refreshAfterChange } from '../../lib/refresh-after-change'

/**
 * Refreshes what an order write changes: the order lists, its page, its customers'
 * figures, the status chart and the history. Returned, so the mutation (and its button)
 * stays busy until what is on screen is fresh.
 */
const refreshAfterWrite = (qc: QueryClient, action: string, id: number | null) =>
  refreshAfterChange(qc, { entity: 'order', id, action })

export function useCreateOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: OrderCreateInput) => {
      const created = api.post('orders/', { json: input })
      // Spec 7: success is judged by HTTP 201, not merely by a 2xx.
      const { status } = await created
      if (status !== 201) throw new Error(`Unexpected status ${status}`)
      return created.json(orderSchema)
    },
    onSuccess: (order) => refreshAfterWrite(qc, 'create', order.id),
  })
}

/** The edit form's changes, in the update body's own names (spec 7: `customer: { id }`). */
type OrderEdits = Required<Pick<OrderUpdateInput, 'customer' | 'status' | 'total_amount'>>

/** Spec 7: the loaded order goes back with the edits as `customer: { id }` and `total_amount`. */
export function useUpdateOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ order, edits }: { order: Order; edits: OrderEdits }) => {
      const body = { ...order, ...edits } satisfies OrderUpdateInput
      return api.put(`orders/${order.id}`, { json: body }).json(orderSchema)
    },
    onSuccess: (updated) => refreshAfterWrite(qc, 'update', updated.id),
  })
}

/** After the lists are fresh, the toast offers 'Undo' for 10 seconds (BEYOND.md). */
export function useDeleteOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (order: Order) => {
      await api.delete(`orders/${order.id}`)
    },
    onSuccess: async (_, order) => {
      await refreshAfterWrite(qc, 'delete', order.id)
      notifyUndo('Order deleted', {
        undo: () => restoreOrder(qc, order.id),
        undone: 'Order restored',
      })
    },
  })
}

/** POST orders/{id}/restore/: back in every list and in its customer's figures. */
async function restoreOrder(qc: QueryClient, id: number): Promise<Order> {
  const order = await api.post(`orders/${id}/restore/`).json(orderSchema)
  await refreshAfterWrite(qc, 'restore', id)
  return order
}

/** The history screen's 'Restore'; busy until what is on screen is fresh. */
export function useRestoreOrder() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (id: number) => restoreOrder(qc, id) })
}

/** What an import of orders changes: the lists, every customer's figures, the chart, the history. */
export function useRefreshAfterOrderImport() {
  const qc = useQueryClient()
  return () => refreshAfterWrite(qc, 'import', null)
}
