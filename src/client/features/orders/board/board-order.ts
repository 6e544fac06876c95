import { DEFAULT_ORDERING } from '#shared/list-query'
import type { Order } from '#shared/order'

type Compare = (a: Order, b: Order) => number

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

// The orders list's orderings (search-params.ts ORDER_SORT_FIELDS), ties broken by id.
const FIELDS: Record<string, Compare> = {
  id: (a, b) => a.id - b.id,
  customer_name: (a, b) => byText(a.customer_name ?? '', b.customer_name ?? ''),
  status: (a, b) => byText(a.status, b.status),
  total_Amount: (a, b) => Number(a.total_Amount) - Number(b.total_Amount),
  date_created: (a, b) => byText(a.date_created, b.date_created),
}

/**
 * Where a moved card goes among a column's cards until the server's answer arrives:
 * the order the URL's `sort` asks for (newest first by default), as the server sorts.
 */
export function compareFor(ordering: string | undefined): Compare {
  const value = ordering ?? DEFAULT_ORDERING
  const field = FIELDS[value.replace(/^-/, '')] ?? FIELDS.date_created!
  const direction = value.startsWith('-') ? -1 : 1
  return (a, b) => (field(a, b) || a.id - b.id) * direction
}
