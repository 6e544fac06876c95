import type { OrderStatus } from '../../../shared/constants'
import { orderListSchema, orderSchema } from '../../../shared/order'
import { toListFilters, type ListSearch } from '../../lib/list-search'
import { queryRoots } from '../../lib/query-keys'
import { resourceQueries } from '../../lib/resource-queries'

const orders = resourceQueries({
  root: queryRoots.orders,
  path: 'orders',
  listSchema: orderListSchema,
  itemSchema: orderSchema,
})

/** GET orders/ filters beyond the common ones (API.md "Orders"). */
export interface OrderFilters {
  status?: OrderStatus
  /** One customer's orders (the customer page). */
  customer?: number
}

/** What the orders tables keep in the URL: the list's state and the status filter. */
export type OrderSearch = ListSearch & Pick<OrderFilters, 'status'>

export const orderQueries = {
  ...orders,
  /** One page of orders as a table's URL state and the filters say. */
  table: ({ status, customer, ...search }: OrderSearch & OrderFilters) =>
    // ky leaves out the filters that are undefined; the key keeps them apart.
    orders.list({ ...toListFilters(search), status, customer }),
}
