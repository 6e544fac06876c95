import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { SUMMARY_ORDERS_LIMIT } from '#shared/customer'
import type { ListFilters } from '#shared/list-query'
import type { OrderList } from '#shared/order'
import { customerQueries } from '../api/customers'
import { historyQueries } from '../api/history'
import { noteQueries } from '../api/notes'
import { orderQueries } from '../api/orders'
import { taskQueries } from '../api/tasks'

/**
 * A record page's loader awaits its reads (`queryClient.ensureQueryData(...)`), so a deep
 * link, or a hovered link's preload, paints the page complete. A failure is not thrown:
 * the page shows it in place ('Customer not found', 'Error: …') from the query's state.
 */
export async function loadRecord(...reads: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(reads)
}

/**
 * What a customer's or an order's page shows beside the record (its history, tasks and
 * notes), asked by the loader at the same time as the record rather than once the record
 * has drawn the sections. Not awaited: each section shows its own loader and error.
 */
export function prefetchBeside(
  queryClient: QueryClient,
  target: { customer: number } | { order: number },
): void {
  const history =
    'customer' in target
      ? historyQueries.record('customer', target.customer)
      : historyQueries.record('order', target.order)
  void queryClient.prefetchQuery(history)
  void queryClient.prefetchQuery(taskQueries.forRecord(target))
  void queryClient.prefetchQuery(noteQueries.forRecord(target))
}

/** Puts `data` under `queryKey` unless the query already holds something as new. */
function fill<T>(queryClient: QueryClient, queryKey: QueryKey, data: T, updatedAt: number) {
  const held = queryClient.getQueryState(queryKey)
  if (held?.data !== undefined && held.dataUpdatedAt >= updatedAt) return
  queryClient.setQueryData(queryKey, data, { updatedAt })
}

/**
 * The customer page's reads in one call: the summary carries the customer and the first
 * page of its orders (newest first), which fill the customer's and that page's queries so
 * the page asks for neither again. `shown` is the orders table's query for the page and
 * ordering the address names; any other page is asked for alongside. The history, tasks
 * and notes go at the same time (prefetchBeside).
 */
export function loadCustomerPage<Filters extends ListFilters>(
  queryClient: QueryClient,
  id: number,
  shown: Filters,
): Promise<void> {
  const orders = orderQueries.list(shown)
  const first = orderQueries.list({ customer: id, limit: SUMMARY_ORDERS_LIMIT, offset: 0 })
  const summaryHoldsOrders = hashKey(orders.queryKey) === hashKey(first.queryKey)
  if (!summaryHoldsOrders) void queryClient.prefetchQuery(orders)
  prefetchBeside(queryClient, { customer: id })
  const summary = customerQueries.summary(id)
  return loadRecord(
    queryClient.ensureQueryData(summary).then((data) => {
      const updatedAt = queryClient.getQueryState(summary.queryKey)?.dataUpdatedAt ?? Date.now()
      fill(queryClient, customerQueries.detail(id).queryKey, data.customer, updatedAt)
      if (summaryHoldsOrders)
        fill<OrderList>(queryClient, first.queryKey, data.orders_page, updatedAt)
    }),
  )
}
