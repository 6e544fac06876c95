import { z } from 'zod'
import { LIST_LIMIT_MAX } from './constants'
import { decodeCursor } from './list-cursor'
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

/** Query parameters every list call accepts (API.md "List parameters", "Lists at any size"). */
export function listQuerySchema<const F extends readonly [string, ...string[]]>(orderFields: F) {
  return pagingSchema.extend({
    search: text(200).optional(),
    ordering: orderingSchema(orderFields).optional(),
  })
}

const AFTER_MESSAGE = 'after must be the next value of a list answer'

/** `limit`, `offset` and `after`: how any list is paged. */
export const pagingSchema = z.object({
  limit: wholeNumber('limit', 1, LIST_LIMIT_MAX).optional(),
  offset: wholeNumber('offset', 0, Number.MAX_SAFE_INTEGER).optional(),
  /** The `next` of the previous answer: the rows after it, in the same ordering. */
  after: z
    .string()
    .max(1000, AFTER_MESSAGE)
    .transform((value, ctx) => {
      const cursor = decodeCursor(value)
      if (cursor) return cursor
      ctx.addIssue({ code: 'custom', message: AFTER_MESSAGE })
      return z.NEVER
    })
    .optional(),
})

/** Lists are newest first unless `ordering` says otherwise. */
export const DEFAULT_ORDERING = '-date_created'

/**
 * `after` continues where an answer of the same ordering ended, and `offset` says where
 * to start: the two together, or an `after` of another ordering, are a 400.
 */
export function checkAfter(defaultOrdering: string = DEFAULT_ORDERING) {
  return (
    query: {
      after?: { ordering: string } | undefined
      offset?: number | undefined
      ordering?: string | undefined
    },
    ctx: z.RefinementCtx,
  ): void => {
    if (query.after === undefined) return
    if (query.offset !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['after'],
        message: 'after and offset cannot be used together',
      })
    } else if (query.after.ordering !== (query.ordering ?? defaultOrdering)) {
      ctx.addIssue({
        code: 'custom',
        path: ['after'],
        message: 'after belongs to another ordering',
      })
    }
  }
}

/** A list answer: one page of rows under `key`, the total, and where the next page starts. */
export function listAnswerSchema<K extends string, T extends z.ZodType>(key: K, row: T) {
  return z.object({
    [key]: z.array(row),
    count: z.number(),
    /** false when a search matched more than 10,000 rows and `count` is 10,000. */
    count_exact: z.boolean(),
    /** Pass as `after` for the rows that follow; null when there are none. */
    next: z.string().nullable(),
  } as { [P in K]: z.ZodArray<T> } & {
    count: z.ZodNumber
    count_exact: z.ZodBoolean
    next: z.ZodNullable<z.ZodString>
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
  after?: string
}
