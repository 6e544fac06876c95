import { z } from 'zod'
import { CUSTOMER_ORDER_FIELDS } from './customer'
import { ORDER_ORDER_FIELDS } from './order'

/**
 * The columns of an export, in order (API.md "CSV export and import"): every field a
 * list shows, which are the fields it can be ordered by.
 */
export const CUSTOMER_CSV_COLUMNS = CUSTOMER_ORDER_FIELDS
export const ORDER_CSV_COLUMNS = ORDER_ORDER_FIELDS

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
