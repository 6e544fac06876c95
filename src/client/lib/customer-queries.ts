import { customerListSchema, customerSchema } from '../../shared/customer'
import { queryRoots } from './query-keys'
import { resourceQueries } from './resource-queries'

/** Customer reads: the customers screen and the order form's customer picker both use them. */
export const customerQueries = resourceQueries({
  root: queryRoots.customers,
  path: 'customers',
  listSchema: customerListSchema,
  itemSchema: customerSchema,
})
