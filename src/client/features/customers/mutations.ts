import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { customerSchema, type Customer, type CustomerInput } from '../../../shared/customer'
import { api } from '../../lib/api'
import { customerQueries } from '../../lib/customer-queries'
import { historyQueries } from '../../lib/history-queries'
import { notifyUndo } from '../../lib/notify'
import { queryRoots } from '../../lib/query-keys'

/**
 * Refreshes what a customer write changes. Returned (not fired and forgotten) so the
 * mutation, and the button showing it, stays busy until what is on screen is fresh.
 */
function refreshAfterWrite(qc: QueryClient, changed?: { id: number; deleted: boolean }) {
  return Promise.all([
    // Every list of customers, the order form's customer picker included.
    qc.invalidateQueries({ queryKey: customerQueries.lists() }),
    // The city chart.
    qc.invalidateQueries({ queryKey: queryRoots.stats }),
    // Every write is in the history: the history screen and the customer's own section.
    qc.invalidateQueries({ queryKey: historyQueries.all }),
    changed && refreshCustomer(qc, changed),
  ])
}

function refreshCustomer(qc: QueryClient, { id, deleted }: { id: number; deleted: boolean }) {
  return Promise.all([
    // Its page: the record and, keyed under it, the summary. A deleted one is only marked
    // stale: its page is leaving, and fetching it now would flash 'Customer not found'.
    qc.invalidateQueries({
      queryKey: customerQueries.detail(id).queryKey,
      refetchType: deleted ? 'none' : 'active',
    }),
    // Order rows and pages show its name ('Unknown Customer' once deleted).
    qc.invalidateQueries({ queryKey: queryRoots.orders }),
  ])
}

export function useCreateCustomer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CustomerInput) =>
      api.post('customers/', { json: input }).json(customerSchema),
    onSuccess: () => refreshAfterWrite(qc),
  })
}

/** Spec 7: PUT sends the edited fields along with the other fields the customer had. */
export function useUpdateCustomer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (customer: Customer) =>
      api.put(`customers/${customer.id}`, { json: customer }).json(customerSchema),
    onSuccess: (customer) => refreshAfterWrite(qc, { id: customer.id, deleted: false }),
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
      await refreshAfterWrite(qc, { id, deleted: true })
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
  await refreshAfterWrite(qc, { id, deleted: false })
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
  return () => refreshAfterWrite(qc)
}
