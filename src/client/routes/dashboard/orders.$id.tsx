import { createFileRoute } from '@tanstack/react-router'
import { isRowId } from '#shared/constants'
import { orderQueries } from '../../api/orders'
import { NotesSection } from '../../features/notes/notes-section'
import { OrderPage } from '../../features/orders/order-page'
import { TasksSection } from '../../features/tasks/tasks-section'
import { loadRecord, prefetchBeside } from '../../lib/record-route'

export const Route = createFileRoute('/dashboard/orders/$id')({
  // Loader and page share one chunk, as on the list screens.
  codeSplitGroupings: [['loader', 'component']],
  params: { parse: ({ id }) => ({ id: Number(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  loader: ({ context: { queryClient }, params: { id } }) => {
    // An id no order can have is 'Order not found' at once, without asking.
    if (!isRowId(id)) return undefined
    // Its history, tasks and notes are asked for at the same time as the order.
    prefetchBeside(queryClient, { order: id })
    return loadRecord(queryClient.ensureQueryData(orderQueries.detail(id)))
  },
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
