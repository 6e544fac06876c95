// BEYOND.md "Tables": amounts and counts with thousands separators, en-US everywhere.
const count = new Intl.NumberFormat('en-US')
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** 1234 → '1,234'. */
export function formatCount(value: number): string {
  return count.format(value)
}

/**
 * '1313.5' → '$1,313.50'. The API's decimal strings are formatted as they are (Intl
 * reads a numeric string exactly), so a large sum loses no cent to floating point.
 */
export function formatAmount(value: string): string {
  return money.format(value as `${number}`)
}

/** Spec 9: dates on lists are the first 10 characters of the ISO string; '—' for none. */
export function formatDate(value: string | null): string {
  return value ? value.slice(0, 10) : '—'
}
