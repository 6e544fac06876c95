import { orderListSchema, orderSchema } from '../../shared/order'
import { queryRoots } from './query-keys'
import { resourceQueries } from './resource-queries'

/**
 * Order reads other features need too: the command palette searches orders, and the live
 * stream refreshes order lists and pages. The orders feature adds its table's filters.
 */
export const orderQueries = resourceQueries({
  root: queryRoots.orders,
  path: 'orders',
  listSchema: orderListSchema,
  itemSchema: orderSchema,
})
