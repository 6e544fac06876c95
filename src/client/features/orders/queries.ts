import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { customerListSchema } from '../../../shared/customer'
import { orderListSchema, orderSchema } from '../../../shared/order'
import { api } from '../../lib/api'
import { toSearchParams } from '../../lib/list-search'
import { queryRoots } from '../../lib/query-keys'
import { resourceQueries } from '../../lib/resource-queries'

export const orderQueries = resourceQueries({
  root: queryRoots.orders,
  path: 'orders',
  listSchema: orderListSchema,
  itemSchema: orderSchema,
})

/** How many customers the order form's picker offers per search. */
export const CUSTOMER_PICKER_LIMIT = 20

/**
 * The order form's customer picker asks the server rather than loading every customer.
 * Kept under the customers key root so customer writes refresh it too.
 */
export const customerPickerQuery = (search: string) =>
  queryOptions({
    queryKey: [...queryRoots.customers, 'picker', search] as const,
    queryFn: async ({ signal }) =>
      customerListSchema.parse(
        await api
          .get('customers/', {
            searchParams: toSearchParams({ search, limit: CUSTOMER_PICKER_LIMIT }),
            signal,
          })
          .json(),
      ),
    placeholderData: keepPreviousData,
  })
