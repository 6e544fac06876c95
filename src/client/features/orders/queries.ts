import { orderListSchema, orderSchema } from '../../../shared/order'
import { queryRoots } from '../../lib/query-keys'
import { resourceQueries } from '../../lib/resource-queries'

export const orderQueries = resourceQueries({
  root: queryRoots.orders,
  path: 'orders',
  listSchema: orderListSchema,
  itemSchema: orderSchema,
})
