import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { customerSchema, type Customer, type CustomerInput } from '#shared/customer'
import { api } from '../../api/client'
import { notifyUndo } from '../../lib/notify'
import { refreshAfterChange } from '../../lib/refresh-after-change'

/**
 * Refreshes what a customer write changes. Returned (not fired and forgotten) so the
 * mutation, and the button showing it, stays busy until what is on screen is fresh.
 */
const refreshAfterWrite = (qc: QueryClient, action: string, id: number | null) =>
  refreshAfterChange(qc, { entity: 'customer', id, action })

export function useCreateCustomer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CustomerInput) =>
      api.post('customers/', { json: input }).json(customerSchema),
    onSuccess: (customer) => refreshAfterWrite(qc, 'create', customer.id),
  })
}

/** Spec 7: PUT sends the edited fields along with the other fields the customer had. */
export function useUpdateCustomer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (customer: Customer) =>
      api.put(`customers/${customer.id}`, { json: customer }).json(customerSchema),
    onSuccess: (customer) => refreshAfterWrite(qc, 'update', customer.id),
  })
}

/** After the lists are fresh, the toast offers 'Undo' for 10 seconds (BEYOND.md). */
export function useDeleteCustomer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`customers/${id}`)
    },
    onSuccess: async (_, id) => {
      await refreshAfterWrite(qc, 'delete', id)
      notifyUndo('Customer deleted', {
        undo: () => restoreCustomer(qc, id),
        undone: 'Customer restored',
      })
    },
  })
}

/** POST customers/{id}/restore/: back in every list, with its orders (API.md). */
async function restoreCustomer(qc: QueryClient, id: number): Promise<Customer> {
  const customer = await api.post(`customers/${id}/restore/`).json(customerSchema)
  await refreshAfterWrite(qc, 'restore', id)
  return customer
}

/** The history screen's 'Restore'; busy until what is on screen is fresh. */
export function useRestoreCustomer() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (id: number) => restoreCustomer(qc, id) })
}

/** What an import of customers changes: the lists, the city chart and the history. */
export function useRefreshAfterCustomerImport() {
  const qc = useQueryClient()
  return () => refreshAfterWrite(qc, 'import', null)
}
