import { orderListSchema, orderSchema } from '../../../shared/order'
import { queryRoots } from '../../lib/query-keys'
import { resourceQueries } from '../../lib/resource-queries'
import { toOrderFilters, type OrderFilters, type OrderSearch } from './search-params'

const orders = resourceQueries({
  root: queryRoots.orders,
  path: 'orders',
  listSchema: orderListSchema,
  itemSchema: orderSchema,
})

export const orderQueries = {
  ...orders,
  /** One page of orders as a table's URL state and the filters say. */
  table: (search: OrderSearch & OrderFilters) => orders.list(toOrderFilters(search)),
}
