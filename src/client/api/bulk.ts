import {
  bulkAnswerSchema,
  BULK_MAX,
  type CustomerBulkInput,
  type OrderBulkInput,
} from '#shared/bulk'
import { LIST_LIMIT_MAX } from '#shared/constants'
import { z } from 'zod'
import { api } from './client'
import type { ListPath } from './paths'

/** POST customers/bulk/ or orders/bulk/ (API contract "Bulk changes"): all or nothing. */
export function postBulk(
  resource: 'customers' | 'orders',
  body: CustomerBulkInput | OrderBulkInput,
): Promise<{ changed: number }> {
  return api.post(`${resource}/bulk/`, { json: body }).json(bulkAnswerSchema)
}

/**
 * The ids of every row a list's filters match, up to BULK_MAX, in the list's order:
 * 'Select all {count} matching' asks for them a page of LIST_LIMIT_MAX at a time.
 */
export async function matchingIds(
  path: ListPath,
  filters: object,
  key: 'Customers' | 'Orders',
): Promise<number[]> {
  // Only the ids are read; the rest of each row is the list's own business.
  const schema = z.object({ [key]: z.array(z.object({ id: z.number() })) })
  const ids: number[] = []
  while (ids.length < BULK_MAX) {
    const page = await api
      .get(path, { searchParams: { ...filters, limit: LIST_LIMIT_MAX, offset: ids.length } })
      .json(schema)
    const rows = page[key] ?? []
    ids.push(...rows.map((row) => row.id))
    if (rows.length < LIST_LIMIT_MAX) break
  }
  return ids.slice(0, BULK_MAX)
}
