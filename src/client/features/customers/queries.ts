import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { customerListSchema, customerSchema } from '../../../shared/customer'
import type { ListFilters } from '../../../shared/list-query'
import { api } from '../../lib/api'
import { toSearchParams } from '../../lib/list-search'
import { queryRoots } from '../../lib/query-keys'

const all = queryRoots.customers
const lists = () => [...all, 'list'] as const
const details = () => [...all, 'detail'] as const

/** Query keys and fetchers for customers (STYLE rule 4): components never spell a key. */
export const customerQueries = {
  all,
  lists,
  list: (filters: ListFilters) =>
    queryOptions({
      queryKey: [...lists(), filters] as const,
      queryFn: async ({ signal }) =>
        customerListSchema.parse(
          await api.get('customers/', { searchParams: toSearchParams(filters), signal }).json(),
        ),
      // Paging or searching keeps the old rows on screen until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
  details,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...details(), id] as const,
      queryFn: async ({ signal }) =>
        customerSchema.parse(await api.get(`customers/${id}`, { signal }).json()),
    }),
}
