import { customerListSchema, customerSchema } from '../../../shared/customer'
import { queryRoots } from '../../lib/query-keys'
import { resourceQueries } from '../../lib/resource-queries'

export const customerQueries = resourceQueries({
  root: queryRoots.customers,
  path: 'customers',
  listSchema: customerListSchema,
  itemSchema: customerSchema,
})
