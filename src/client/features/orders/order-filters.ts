import { ORDER_STATUSES, type OrderStatus } from '#shared/constants'

/*
 * The orders screen's filters in the URL under the API's own names (BEYOND.md "Working
 * through lists"): `status` (one or several, comma-separated), `amount_min`, `amount_max`.
 * Plain checks: validateSearch is in the route tree every page downloads.
 */
export interface OrderFilterSearch {
  /** Canonical spelling, workflow order: 'Pending,Delivered'. */
  status?: string
  amount_min?: string
  amount_max?: string
}

/** The statuses a `status` value names, in workflow order; unknown parts dropped. */
export function statusList(raw: unknown): OrderStatus[] {
  if (typeof raw !== 'string') return []
  const wanted = raw.split(',').map((part) => part.trim().toLowerCase())
  return ORDER_STATUSES.filter((status) => wanted.includes(status.toLowerCase()))
}

/** 'Pending,Delivered', or undefined for none (all statuses). */
export const statusValue = (statuses: readonly OrderStatus[]) =>
  statuses.length > 0 ? statuses.join(',') : undefined

/** An amount as the API reads it: digits, up to two decimals ('125.5'); anything else dropped. */
export function amountValue(raw: unknown): string | undefined {
  const text = typeof raw === 'number' ? String(raw) : raw
  return typeof text === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(text.trim())
    ? text.trim()
    : undefined
}

export function validateOrderFilters(raw: Record<string, unknown>): OrderFilterSearch {
  return {
    status: statusValue(statusList(raw.status)),
    amount_min: amountValue(raw.amount_min),
    amount_max: amountValue(raw.amount_max),
  }
}
