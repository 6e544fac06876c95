import { infiniteQueryOptions } from '@tanstack/react-query'
import type { ListFilters } from '#shared/list-query'
import { orderListSchema, orderSchema } from '#shared/order'
import { api } from './client'
import { queryRoots } from './keys'
import { listPaths } from './paths'
import { resourceQueries } from './resource'

const orders = resourceQueries({
  root: queryRoots.orders,
  path: listPaths.orders,
  listSchema: orderListSchema,
  itemSchema: orderSchema,
})

/** Cards a board column shows at first and adds with each 'Load more'. */
export const COLUMN_SIZE = 25

/**
 * GET orders/ and orders/{id} (API.md "Orders"): the orders screen, a customer's orders,
 * an order's page, the command palette's matches, and what the live stream refreshes. A
 * table's filters (`status`, `customer`) ride along with the common list parameters.
 */
export const orderQueries = {
  ...orders,
  /** The prefix of every board column's key (a move updates them all at once). */
  columns: () => [...orders.lists(), 'column'] as const,
  /**
   * One board column: its status's orders, COLUMN_SIZE more with each page. Keyed under
   * `lists()`, so every order write and live change refreshes the board too.
   */
  column: <Filters extends Omit<ListFilters, 'limit' | 'offset' | 'after'>>(filters: Filters) =>
    infiniteQueryOptions({
      queryKey: [...orders.lists(), 'column', filters] as const,
      queryFn: ({ pageParam, signal }) =>
        api
          .get(listPaths.orders, {
            searchParams: { ...filters, limit: COLUMN_SIZE, offset: pageParam },
            signal,
          })
          .json(orderListSchema),
      initialPageParam: 0,
      // Offsets, not `after`: a refresh asks every loaded page again from the start.
      getNextPageParam: (last, pages) =>
        last.next === null ? undefined : pages.reduce((sum, page) => sum + page.Orders.length, 0),
    }),
}
