import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  orderSchema,
  type Order,
  type OrderCreateInput,
  type OrderUpdateInput,
} from '../../../shared/order'
import { api } from '../../lib/api'
import { customerQueries } from '../../lib/customer-queries'
import { historyQueries } from '../../lib/history-queries'
import { notifyUndo } from '../../lib/notify'
import { queryRoots } from '../../lib/query-keys'
import { orderQueries } from './queries'

interface Changed {
  /** The order's page, when the write changed an existing order. */
  order?: { id: number; deleted: boolean }
  /** Customers whose figures changed: the order's customer before and after; 'all' after an import. */
  customers: (number | null)[] | 'all'
}

/**
 * Refreshes what an order write changes: the order lists, its page, the figures of the
 * customers it belongs or belonged to, and the status chart. Returned, so the mutation
 * (and its button) stays busy until what is on screen is fresh.
 */
function refreshAfterWrite(qc: QueryClient, { order, customers }: Changed) {
  const owners = new Set(customers === 'all' ? [] : customers.filter((id) => id !== null))
  return Promise.all([
    qc.invalidateQueries({ queryKey: orderQueries.lists() }),
    qc.invalidateQueries({ queryKey: queryRoots.stats }),
    // Every write is in the history: the history screen and the order's status history.
    qc.invalidateQueries({ queryKey: historyQueries.all }),
    // A deleted order's page is leaving: marked stale only, so it does not flash 'not found'.
    order &&
      qc.invalidateQueries({
        queryKey: orderQueries.detail(order.id).queryKey,
        refetchType: order.deleted ? 'none' : 'active',
      }),
    ...[...owners].map((id) =>
      qc.invalidateQueries({ queryKey: customerQueries.summary(id).queryKey }),
    ),
    customers === 'all' &&
      qc.invalidateQueries({
        queryKey: customerQueries.details(),
        predicate: (query) => query.queryKey.at(-1) === 'summary',
      }),
  ])
}

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
    onSuccess: (order) => refreshAfterWrite(qc, { customers: [order.customer] }),
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
    onSuccess: (updated, { order }) =>
      refreshAfterWrite(qc, {
        order: { id: order.id, deleted: false },
        customers: [order.customer, updated.customer],
      }),
  })
}

/**
 * Takes the order, not its id: its customer's figures change too. After the lists are
 * fresh, the toast offers 'Undo' for 10 seconds (BEYOND.md).
 */
export function useDeleteOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (order: Order) => {
      await api.delete(`orders/${order.id}`)
    },
    onSuccess: async (_, order) => {
      await refreshAfterWrite(qc, {
        order: { id: order.id, deleted: true },
        customers: [order.customer],
      })
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
  await refreshAfterWrite(qc, { order: { id, deleted: false }, customers: [order.customer] })
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
  return () => refreshAfterWrite(qc, { customers: 'all' })
}
