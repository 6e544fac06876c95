import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { customerSchema, type Customer, type CustomerInput } from '../../../shared/customer'
import { api } from '../../lib/api'
import { queryRoots } from '../../lib/query-keys'

/**
 * Refreshes what a customer write changes. Returned (not fired and forgotten) so the
 * mutation, and the button showing it, stays busy until the list on screen is fresh.
 */
function refreshAfterWrite(qc: QueryClient, { ordersToo }: { ordersToo: boolean }) {
  return Promise.all([
    // Every customer read: lists, details and the order form's customer picker.
    qc.invalidateQueries({ queryKey: queryRoots.customers }),
    qc.invalidateQueries({ queryKey: queryRoots.stats }),
    // Order rows show the customer's name ('Unknown Customer' once deleted).
    ordersToo ? qc.invalidateQueries({ queryKey: queryRoots.orders }) : undefined,
  ])
}

export function useCreateCustomer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CustomerInput) =>
      api.post('customers/', { json: input }).json(customerSchema),
    onSuccess: () => refreshAfterWrite(qc, { ordersToo: false }),
  })
}

/** Spec 7: PUT sends the edited fields along with the other fields the customer had. */
export function useUpdateCustomer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (customer: Customer) =>
      api.put(`customers/${customer.id}`, { json: customer }).json(customerSchema),
    onSuccess: () => refreshAfterWrite(qc, { ordersToo: true }),
  })
}

export function useDeleteCustomer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`customers/${id}`)
    },
    onSuccess: () => refreshAfterWrite(qc, { ordersToo: true }),
  })
}
