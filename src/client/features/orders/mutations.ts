import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  orderSchema,
  type Order,
  type OrderCreateInput,
  type OrderUpdateInput,
} from '../../../shared/order'
import { api } from '../../lib/api'
import { queryRoots } from '../../lib/query-keys'
import { orderQueries } from './queries'

/** Returned, so the mutation (and its button) stays busy until the list on screen is fresh. */
function refreshAfterWrite(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: orderQueries.lists() }),
    qc.invalidateQueries({ queryKey: orderQueries.details() }),
    qc.invalidateQueries({ queryKey: queryRoots.stats }),
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
    onSuccess: () => refreshAfterWrite(qc),
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
    onSuccess: () => refreshAfterWrite(qc),
  })
}

export function useDeleteOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`orders/${id}`)
    },
    onSuccess: () => refreshAfterWrite(qc),
  })
}
