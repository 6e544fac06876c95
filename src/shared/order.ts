import { z } from 'zod'
import { calendarDateSchema, timeZoneSchema } from './calendar'
import { AMOUNT_MAX, ORDER_STATUSES } from './constants'
import { checkAfter, listAnswerSchema, listQuerySchema } from './list-query'

export const orderStatusSchema = z.enum(ORDER_STATUSES)

// What a form shows under its field, and the server in `fields` (the same words).
const CHOOSE_STATUS = 'Choose a status.'
const ENTER_AMOUNT = 'Enter an amount, like 125.50.'
const CHOOSE_CUSTOMER = 'Choose a customer.'
/** An order's customer id that names no customer (create, update, import). */
export const UNKNOWN_CUSTOMER = 'Choose a customer that exists.'

/** Status matched ignoring case, stored in the canonical spelling. */
export const statusInputSchema = z.string({ error: CHOOSE_STATUS }).transform((value, ctx) => {
  const status = ORDER_STATUSES.find((s) => s.toLowerCase() === value.trim().toLowerCase())
  if (status) return status
  ctx.addIssue({ code: 'custom', message: `Choose one of: ${ORDER_STATUSES.join(', ')}.` })
  return z.NEVER
})

/**
 * `?status=`: one status or several, comma-separated, each matched ignoring case and the
 * spaces around it; answered in workflow order without repeats.
 */
export const statusListSchema = z.string({ error: CHOOSE_STATUS }).transform((value, ctx) => {
  const wanted = value.split(',').map((part) => part.trim().toLowerCase())
  const unknown = wanted.find((part) => !ORDER_STATUSES.some((s) => s.toLowerCase() === part))
  if (unknown !== undefined) {
    ctx.addIssue({ code: 'custom', message: `Choose from: ${ORDER_STATUSES.join(', ')}.` })
    return z.NEVER
  }
  return ORDER_STATUSES.filter((s) => wanted.includes(s.toLowerCase()))
})

const AMOUNT_RANGE = `Enter an amount from 0 to ${AMOUNT_MAX.toLocaleString('en-US')}.`

/** A number or numeric string, 0 to AMOUNT_MAX, at most two decimals → "125.50". */
export const amountInputSchema = z
  .union([z.number(), z.string()], { error: ENTER_AMOUNT })
  .transform((value, ctx) => {
    const raw = typeof value === 'number' ? value : value.trim()
    const amount = typeof raw === 'number' ? raw : /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN
    if (!Number.isFinite(amount)) {
      ctx.addIssue({ code: 'custom', message: ENTER_AMOUNT })
      return z.NEVER
    }
    if (amount < 0 || amount > AMOUNT_MAX) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_RANGE })
      return z.NEVER
    }
    const tooPrecise =
      typeof raw === 'string'
        ? /\.\d*[1-9]\d*$/.test(raw) && !/\.\d{1,2}0*$/.test(raw)
        : Math.round(amount * 100) / 100 !== amount
    if (tooPrecise) {
      ctx.addIssue({ code: 'custom', message: 'Use at most two decimals, like 125.50.' })
      return z.NEVER
    }
    return amount.toFixed(2)
  })

const customerIdSchema = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/, CHOOSE_CUSTOMER)], {
    error: CHOOSE_CUSTOMER,
  })
  .transform(Number)
  .pipe(z.number().int().positive(CHOOSE_CUSTOMER))

const VERSION_MESSAGE = 'Send the version the edit started from, a whole number like 3.'
/** The version an edit started from; absent (the spec's bodies) writes as before. */
export const expectedVersionSchema = z
  .number({ error: VERSION_MESSAGE })
  .int(VERSION_MESSAGE)
  .positive(VERSION_MESSAGE)
  .optional()

export const orderSchema = z.object({
  id: z.number(),
  customer: z.number().nullable(),
  customer_name: z.string().nullable(),
  status: orderStatusSchema,
  total_Amount: z.string(),
  date_created: z.string(),
  version: z.number(),
})
export type Order = z.infer<typeof orderSchema>

export const orderCreateInputSchema = z.object({
  customer: customerIdSchema,
  status: statusInputSchema,
  total_Amount: amountInputSchema,
})
export type OrderCreateInput = z.input<typeof orderCreateInputSchema>

/**
 * Update body: the spec's edit form sends the loaded order back with `customer: { id }`
 * and `total_amount`; other clients may send `customer: id` and `total_Amount`.
 * `total_amount` wins when both are present (API.md). A null customer keeps an
 * order whose customer was deleted editable.
 */
export const orderUpdateInputSchema = z
  .object({
    customer: z.union([
      z.null(),
      customerIdSchema,
      z.object({ id: z.union([z.null(), customerIdSchema]) }).transform((c) => c.id),
    ]),
    status: statusInputSchema,
    total_amount: amountInputSchema.optional(),
    total_Amount: amountInputSchema.optional(),
    version: expectedVersionSchema,
  })
  .refine((v) => v.total_amount !== undefined || v.total_Amount !== undefined, {
    path: ['total_amount'],
    message: ENTER_AMOUNT,
  })
  .transform((v) => ({
    customer: v.customer,
    status: v.status,
    total_Amount: (v.total_amount ?? v.total_Amount) as string,
    version: v.version,
  }))
export type OrderUpdateInput = z.input<typeof orderUpdateInputSchema>

/** What the repository stores for a create or an update. */
export type OrderData = Omit<z.output<typeof orderUpdateInputSchema>, 'version'>

export const ORDER_ORDER_FIELDS = [
  'id',
  'customer',
  'customer_name',
  'status',
  'total_Amount',
  'date_created',
] as const
export type OrderOrderField = (typeof ORDER_ORDER_FIELDS)[number]
const orderQuery = listQuerySchema(ORDER_ORDER_FIELDS).extend({
  status: statusListSchema.optional(),
  /** Both inclusive; a number or numeric string, as an order's amount. */
  amount_min: amountInputSchema.optional(),
  amount_max: amountInputSchema.optional(),
  customer: z
    .string()
    .regex(/^\d{1,15}$/, 'Use a customer id, like 12.')
    .transform(Number)
    .optional(),
  /** Created on or after / on or before these dates in `tz` (a report's bar opens its orders). */
  created_from: calendarDateSchema.optional(),
  created_to: calendarDateSchema.optional(),
  tz: timeZoneSchema,
})
export const orderListQuerySchema = orderQuery.superRefine(checkAfter())
/** An export takes the list's search, filters and ordering, and no paging. */
export const orderExportQuerySchema = orderQuery.omit({ limit: true, offset: true, after: true })
export type OrderListQuery = z.output<typeof orderListQuerySchema>

export const orderListSchema = listAnswerSchema('Orders', orderSchema)
export type OrderList = z.infer<typeof orderListSchema>

/** 409: the order changed since the edit began; `current` is how it is now. */
export const orderConflictSchema = z.object({ error: z.string(), current: orderSchema })
