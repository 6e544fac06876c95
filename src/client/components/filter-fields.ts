import { formatAmount } from '../lib/format'

/** A choice of a select or of a several-choice field: its URL value and its words. */
export interface FilterOption {
  value: string
  label: string
}

/**
 * One field of a screen's filters, kept in the URL under `key` (the API's parameter
 * name): free text, a day, an amount, one choice ('Anyone' for none), or several.
 */
export type FilterField = { key: string; label: string } & (
  | { kind: 'text' | 'date' | 'amount' }
  | { kind: 'select'; any: string; options: FilterOption[] }
  | { kind: 'several'; options: FilterOption[] }
)

/** The screen's URL search: its filters among the rest; several choices comma-separated. */
export type FilterValues = object

/** A field's value in the URL, as text ('' and anything not text: none). */
export function fieldValue(values: FilterValues, key: string): string | undefined {
  const value: unknown = (values as Record<string, unknown>)[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}

const labelOf = (options: FilterOption[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value

/** What a chip says after the field's label: 'Me', 'Pending, Delivered', '$100.00'. */
export function valueText(field: FilterField, value: string): string {
  switch (field.kind) {
    case 'amount':
      return formatAmount(value)
    case 'select':
      return labelOf(field.options, value)
    case 'several':
      return value
        .split(',')
        .map((part) => labelOf(field.options, part))
        .join(', ')
    default:
      return value
  }
}

/** The fields that have a value, in the fields' order. */
export const activeFields = (fields: FilterField[], values: FilterValues) =>
  fields.filter((field) => fieldValue(values, field.key) !== undefined)

/** A patch that clears every field. */
export const clearedValues = (fields: FilterField[]): Record<string, undefined> =>
  Object.fromEntries(fields.map((field) => [field.key, undefined]))
