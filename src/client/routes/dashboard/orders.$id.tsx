import { createFileRoute } from '@tanstack/react-router'
import { isRowId } from '#shared/constants'
import { orderQueries } from '../../api/orders'
import { NotesSection } from '../../features/notes/notes-section'
import { OrderPage } from '../../features/orders/order-page'
import { TasksSection } from '../../features/tasks/tasks-section'
import { loadRecord } from '../../lib/record-route'

export const Route = createFileRoute('/dashboard/orders/$id')({
  // Loader and page share one chunk, as on the list screens.
  codeSplitGroupings: [['loader', 'component']],
  params: { parse: ({ id }) => ({ id: Number(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  loader: ({ context, params: { id } }) =>
    // An id no order can have is 'Order not found' at once, without asking.
    isRowId(id)
      ? loadRecord(context.queryClient.ensureQueryData(orderQueries.detail(id)))
      : undefined,
  component: OrderRoute,
})

function OrderRoute() {
  return (
    <OrderPage
      id={Route.useParams().id}
      followUps={(order) => (
        <>
          <TasksSection about={{ order: { id: order.id, customer: order.customer } }} />
          <NotesSection target={{ order: order.id }} />
        </>
      )}
    />
  )
}
