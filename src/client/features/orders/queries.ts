import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { customerListSchema } from '../../../shared/customer'
import type { ListFilters } from '../../../shared/list-query'
import { orderListSchema, orderSchema } from '../../../shared/order'
import { api } from '../../lib/api'
import { toSearchParams } from '../../lib/list-search'
import { queryRoots } from '../../lib/query-keys'

const all = queryRoots.orders
const lists = () => [...all, 'list'] as const
const details = () => [...all, 'detail'] as const

/** Query keys and fetchers for orders (STYLE rule 4): components never spell a key. */
export const orderQueries = {
  all,
  lists,
  list: (filters: ListFilters) =>
    queryOptions({
      queryKey: [...lists(), filters] as const,
      queryFn: async ({ signal }) =>
        orderListSchema.parse(
          await api.get('orders/', { searchParams: toSearchParams(filters), signal }).json(),
        ),
      // Paging or searching keeps the old rows on screen until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
  details,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...details(), id] as const,
      queryFn: async ({ signal }) =>
        orderSchema.parse(await api.get(`orders/${id}`, { signal }).json()),
    }),
}

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
