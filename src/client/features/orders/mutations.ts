import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { orderSchema, type Order, type OrderCreateInput } from '../../../shared/order'
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
      const response = await api.post('orders/', { json: input })
      // Spec 7: success is judged by HTTP 201, not merely by a 2xx.
      if (response.status !== 201) throw new Error(`Unexpected status ${response.status}`)
      return orderSchema.parse(await response.json())
    },
    onSuccess: () => refreshAfterWrite(qc),
  })
}

export interface OrderEdits {
  customer: number | null
  status: string
  total_amount: number | string
}

/** Spec 7: the loaded order goes back with the edits as `customer: { id }` and `total_amount`. */
export function useUpdateOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ order, edits }: { order: Order; edits: OrderEdits }) => {
      const body = {
        ...order,
        customer: { id: edits.customer },
        status: edits.status,
        total_amount: edits.total_amount,
      }
      return orderSchema.parse(await api.put(`orders/${order.id}`, { json: body }).json())
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
