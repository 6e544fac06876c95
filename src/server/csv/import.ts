import { parse } from 'csv-parse/sync'
import type { z } from 'zod'
import { fieldErrors } from '#shared/errors'
import { columnKey, unguardFormula } from './cells'

/** At most this many errors are listed (API.md). */
export const ERRORS_LISTED = 1_000

export interface ImportError {
  /** The line of the file (the header is line 1). */
  line: number
  field: string
  message: string
}

export interface CheckedFile<T> {
  /** Each valid row with the line it came from. */
  valid: { line: number; data: T }[]
  /** Rows that failed their check. */
  invalid: number
  errors: ImportError[]
}

/** A file that cannot be imported at all (not CSV, no header, a required column missing). */
export class UnreadableFile extends Error {}

/** Comma or semicolon: whichever the header line uses more (outside quotes). */
function delimiterOf(text: string): ',' | ';' {
  const header = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '')
  const count = (c: string) => header.split(c).length - 1
  return count(';') > count(',') ? ';' : ','
}

/**
 * Reads a CSV file (UTF-8, with or without BOM) and checks every row with `schema`, the
 * shared create schema, after matching its columns to `fields` ignoring case, spaces and
 * underscores; other columns are ignored. `required` must be among the columns.
 */
export function checkCsv<S extends z.ZodType>(
  body: string,
  fields: readonly string[],
  required: string,
  schema: S,
): CheckedFile<z.output<S>> {
  const text = body.replace(/^\uFEFF/, '')
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    throw new UnreadableFile(
      `The file is not valid CSV: ${(error as Error).message.split('\n')[0]}`,
    )
  }
  const [header, ...rows] = records
  if (!header) throw new UnreadableFile('The file is empty: the first row must name the columns.')
  const positions = new Map<string, number>()
  header.record.forEach((name, i) => {
    const field = fields.find((f) => columnKey(f) === columnKey(name))
    if (field && !positions.has(field)) positions.set(field, i)
  })
  if (!positions.has(required)) {
    throw new UnreadableFile(`The first row must name the columns, with a '${required}' column.`)
  }
  const checked: CheckedFile<z.output<S>> = { valid: [], invalid: 0, errors: [] }
  for (const { record, info } of rows) {
    const values = Object.fromEntries(
      [...positions].map(([field, i]) => [field, unguardFormula(record[i] ?? '')]),
    )
    const result = schema.safeParse(values)
    if (result.success) {
      checked.valid.push({ line: info.lines, data: result.data })
    } else {
      refuse(checked, info.lines, fieldErrors(result.error))
    }
  }
  return checked
}

/** Counts a row as invalid and lists its errors (up to ERRORS_LISTED in all). */
export function refuse(
  checked: Pick<CheckedFile<unknown>, 'invalid' | 'errors'>,
  line: number,
  fields: Record<string, string>,
): void {
  checked.invalid++
  for (const [field, message] of Object.entries(fields)) {
    if (checked.errors.length < ERRORS_LISTED) checked.errors.push({ line, field, message })
  }
}
