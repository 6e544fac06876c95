import { orderListSchema, orderSchema } from '#shared/order'
import { queryRoots } from './keys'
import { listPaths } from './paths'
import { resourceQueries } from './resource'

/**
 * GET orders/ and orders/{id} (API.md "Orders"): the orders screen, a customer's orders,
 * an order's page, the command palette's matches, and what the live stream refreshes. A
 * table's filters (`status`, `customer`) ride along with the common list parameters.
 */
export const orderQueries = resourceQueries({
  root: queryRoots.orders,
  path: listPaths.orders,
  listSchema: orderListSchema,
  itemSchema: orderSchema,
})
