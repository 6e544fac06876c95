import { queryOptions } from '@tanstack/react-query'
import {
  customersByCitySchema,
  customersByCountrySchema,
  ordersByStatusSchema,
} from '#shared/stats'
import { api } from './client'
import { queryRoots } from './keys'

const all = queryRoots.stats

/**
 * The overview's counts (API.md "Statistics"): the server counts, so the charts stay fast
 * however many customers and orders there are. Customer and order writes invalidate `all`.
 */
export const statsQueries = {
  all,
  customersByCity: () =>
    queryOptions({
      queryKey: [...all, 'customers-by-city'] as const,
      queryFn: ({ signal }) =>
        api.get('stats/customers-by-city/', { signal }).json(customersByCitySchema),
    }),
  /** The customers filter's 'Country' choices, largest first. */
  customersByCountry: () =>
    queryOptions({
      queryKey: [...all, 'customers-by-country'] as const,
      queryFn: ({ signal }) =>
        api.get('stats/customers-by-country/', { signal }).json(customersByCountrySchema),
    }),
  ordersByStatus: () =>
    queryOptions({
      queryKey: [...all, 'orders-by-status'] as const,
      queryFn: ({ signal }) =>
        api.get('stats/orders-by-status/', { signal }).json(ordersByStatusSchema),
    }),
}
