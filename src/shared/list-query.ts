import { z } from 'zod'
import { LIST_LIMIT_MAX } from './constants'
import { text } from './text'

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,12}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${name} must be at least ${min}`)
        .max(max, `${name} must be at most ${max}`),
    )

/** `?ordering=` for a record with fields `F`: a field name, `-` first for descending. */
export type Ordering<F extends string> = F | `-${F}`

function orderingSchema<const F extends readonly [string, ...string[]]>(fields: F) {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [
    Ordering<F[number]>,
    ...Ordering<F[number]>[],
  ]
  return z.enum(values, {
    error: `ordering must be one of ${fields.join(', ')} (optionally prefixed with -)`,
  })
}

/** Query parameters every list call accepts (API.md "List parameters"). */
export function listQuerySchema<const F extends readonly [string, ...string[]]>(orderFields: F) {
  return z.object({
    search: text(200).optional(),
    ordering: orderingSchema(orderFields).optional(),
    limit: wholeNumber('limit', 1, LIST_LIMIT_MAX).optional(),
    offset: wholeNumber('offset', 0, Number.MAX_SAFE_INTEGER).optional(),
  })
}

export const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'id must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().positive('id must be a positive whole number')),
})

/** What a client passes to a list call; every part optional. */
export interface ListFilters {
  search?: string
  ordering?: string
  limit?: number
  offset?: number
}
