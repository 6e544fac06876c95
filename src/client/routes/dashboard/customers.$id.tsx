import { createFileRoute } from '@tanstack/react-router'
import { isRowId } from '#shared/constants'
import { CustomerPage } from '../../features/customers/customer-page'
import { NotesSection } from '../../features/notes/notes-section'
import { TasksSection } from '../../features/tasks/tasks-section'
import { CustomerOrders } from '../../features/orders/customer-orders'
import { ORDER_SORT_FIELDS, orderSearch } from '../../features/orders/search-params'
import { useTablePageProps } from '../../lib/list-route'
import { validateTableSearch } from '../../lib/list-search'
import { loadCustomerPage } from '../../lib/record-route'

export const Route = createFileRoute('/dashboard/customers/$id')({
  // Loader and page share one chunk, as on the list screens.
  codeSplitGroupings: [['loader', 'component']],
  params: { parse: ({ id }) => ({ id: Number(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  // ?page=2&sort=-total_Amount: the customer's orders table.
  validateSearch: (raw) => validateTableSearch(raw, ORDER_SORT_FIELDS),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params: { id }, deps }) =>
    // An id no customer can have is 'Customer not found' at once, without asking.
    isRowId(id)
      ? loadCustomerPage(queryClient, id, orderSearch.toQuery({ ...deps, customer: id }))
      : undefined,
  component: CustomerRoute,
})

function CustomerRoute() {
  const { id } = Route.useParams()
  const table = useTablePageProps(Route)
  return (
    <CustomerPage
      id={id}
      orders={(customer) => <CustomerOrders customer={customer} {...table} />}
      followUps={(customer) => (
        <>
          <TasksSection about={{ customer: { id: customer.id, name: customer.name } }} />
          <NotesSection target={{ customer: customer.id }} />
        </>
      )}
    />
  )
}
