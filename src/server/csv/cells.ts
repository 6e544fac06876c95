/**
 * The spreadsheet formula guard (API.md "CSV export and import"): a cell a spreadsheet
 * would run as a formula is written with a leading `'`. `+` and `-` are left alone when
 * the whole cell is a number or a phone number, so `+44 20 7946 0916` and `-12.50` stay.
 */
const ALWAYS_FORMULA = /^[=@\t\r]/
const SIGNED = /^[+-]/
const NUMBER_OR_PHONE = /^(?:[+-]?\d+(?:\.\d+)?|\+?[\d\s().-]+)$/

export function guardFormula(cell: string): string {
  if (ALWAYS_FORMULA.test(cell)) return `'${cell}`
  if (SIGNED.test(cell) && !NUMBER_OR_PHONE.test(cell)) return `'${cell}`
  return cell
}

/** Import takes the guard off again, so an export imports back unchanged. */
export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && guardFormula(cell.slice(1)) === cell ? cell.slice(1) : cell
}

/** Column names match ignoring case, spaces and underscores: `Total Amount` is `total_amount`. */
export const columnKey = (name: string) => name.toLowerCase().replace(/[\s_]+/g, '')

/** `customers-2026-11-22.csv`, by the server's UTC date. */
export const exportFileName = (kind: string, now = new Date()) =>
  `${kind}-${now.toISOString().slice(0, 10)}.csv`
