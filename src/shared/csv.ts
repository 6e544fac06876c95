import { z } from 'zod'
import { dayNumber } from './days'
import type { CUSTOMER_ORDER_FIELDS } from './customer'
import { customerInputSchema } from './customer'
import { ORDER_ORDER_FIELDS, orderCreateInputSchema } from './order'

/**
 * The columns of an export, in order (docs/api.md "CSV export and import"): the record's
 * own fields, not those worked out from others (a customer's next follow-up).
 */
export const CUSTOMER_CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'city',
  'country',
  'phone',
  'date_created',
] as const satisfies readonly (typeof CUSTOMER_ORDER_FIELDS)[number][]
export const ORDER_CSV_COLUMNS = ORDER_ORDER_FIELDS

const DATE_TIME = 'Use a date like 2026-01-31, or a date and time like 2026-01-31T09:30:00Z.'
const IN_THE_FUTURE = 'Use a date that is not in the future.'
// A date, or a date and time (seconds and fraction optional) with Z, an offset, or neither (UTC).
const DATE_TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i

/** The instant an import's `date_created` names, or undefined when it names none. */
function importedInstant(text: string): Date | undefined {
  const match = DATE_TIME_PATTERN.exec(text)
  if (!match || dayNumber(match[1] ?? '') === undefined) return undefined
  const [, date, hours, minutes, seconds, fraction, zone] = match
  // A date alone is that day at 12:00 UTC (API contract "Dated history").
  if (hours === undefined) return new Date(`${date}T12:00:00Z`)
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59) return undefined
  const offset =
    !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')
  const millis = (fraction ?? '.000').slice(0, 4).padEnd(4, '0')
  const instant = new Date(`${date}T${hours}:${minutes}:${seconds ?? '00'}${millis}${offset}`)
  return Number.isNaN(instant.getTime()) ? undefined : instant
}

/**
 * An import's optional `date_created`: an ISO date or date-time, not in the future, as
 * ISO text; empty means now (null).
 */
export const importDateSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim() ?? ''
    if (text === '') return null
    const instant = importedInstant(text)
    if (!instant) ctx.addIssue({ code: 'custom', message: DATE_TIME })
    else if (instant.getTime() > Date.now())
      ctx.addIssue({ code: 'custom', message: IN_THE_FUTURE })
    else return instant.toISOString()
    return z.NEVER
  })

/** One row of a customers import: a create's fields, and when it was created. */
export const customerImportSchema = customerInputSchema
  .omit({ version: true })
  .extend({ date_created: importDateSchema })
export type CustomerImportRow = z.output<typeof customerImportSchema>

/** One row of an orders import. */
export const orderImportSchema = orderCreateInputSchema.extend({ date_created: importDateSchema })
export type OrderImportRow = z.output<typeof orderImportSchema>

/** The largest CSV file an import takes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024

const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'Use 1 or 0 (or true or false).' })
  .transform((value) => value === '1' || value === 'true')

export const importQuerySchema = z.object({
  /** Create the valid rows and report the rest, instead of all or nothing. */
  skip_invalid: flag.optional(),
  /** Answer what the import would do, and write nothing. */
  dry_run: flag.optional(),
})

export const importErrorSchema = z.object({
  line: z.number(),
  field: z.string(),
  message: z.string(),
})

export const importResultSchema = z.object({
  created: z.number(),
  skipped: z.number(),
  errors: z.array(importErrorSchema),
})
export type ImportResult = z.infer<typeof importResultSchema>

/** All or nothing: an invalid row means nothing is created (400). */
export const importRefusedSchema = importResultSchema.extend({ error: z.string() })
