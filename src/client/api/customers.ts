import { queryOptions } from '@tanstack/react-query'
import { customerListSchema, customerSchema, customerSummarySchema } from '#shared/customer'
import { api } from './client'
import { queryRoots } from './keys'
import { listPaths } from './paths'
import { resourceQueries } from './resource'

const customers = resourceQueries({
  root: queryRoots.customers,
  path: listPaths.customers,
  listSchema: customerListSchema,
  itemSchema: customerSchema,
})

/**
 * Customer reads: the customers screen, the customer page and the order form's customer
 * picker use them; order writes refresh a customer's summary through `summary(id)`.
 */
export const customerQueries = {
  ...customers,
  /**
   * GET customers/{id}/summary/: the customer page's figures. Keyed under the customer's
   * detail, so refreshing a customer refreshes its figures too.
   */
  summary: (id: number) =>
    queryOptions({
      queryKey: [...customers.detail(id).queryKey, 'summary'] as const,
      queryFn: ({ signal }) =>
        api.get(`customers/${id}/summary/`, { signal }).json(customerSummarySchema),
      retryOnMount: false,
    }),
}
