import { z } from 'zod'
import { calendarDateSchema, timeZoneSchema } from './calendar'
import { checkAfter, listAnswerSchema, listQuerySchema } from './list-query'
import { agentRefSchema, recordIdSchema } from './notes'
import { expectedVersionSchema, orderListSchema, orderStatusSchema } from './order'
import { email, optionalText, requiredText, text } from './text'

export const OWNER_MESSAGE = 'Choose an agent.'

/**
 * `owner` in a body: an agent's id, `{ id }` (an answer's `owner` sent back), or null for
 * nobody (API contract "Owners, filters, saved views, bulk changes").
 */
export const ownerInputSchema = z.union(
  [
    z.null(),
    recordIdSchema(OWNER_MESSAGE),
    z
      .object({ id: z.union([z.null(), recordIdSchema(OWNER_MESSAGE)]) })
      .transform((owner) => owner.id),
  ],
  { error: OWNER_MESSAGE },
)

export const customerSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  date_created: z.string(),
  /** 1 at creation, one more at each update (API.md "Edits that never overwrite"). */
  version: z.number(),
  /** The soonest due time of the customer's open tasks, or null (API contract "Tasks"). */
  next_follow_up: z.string().nullable(),
  /** Who looks after the customer, or null (API contract "Owners …"). */
  owner: agentRefSchema.nullable(),
})
export type Customer = z.infer<typeof customerSchema>

/** Create and update body; unknown keys (id, date_created …) are dropped. */
export const customerInputSchema = z.object({
  name: requiredText(200, 'Enter a name.'),
  email: email({ allowEmpty: true }),
  city: optionalText(),
  country: optionalText(),
  phone: optionalText(),
  /** Left out: the creator on a POST, unchanged on a PUT; null: nobody. */
  owner: ownerInputSchema.optional(),
  /** The version the edit started from: a PUT of an older one is refused (409). */
  version: expectedVersionSchema,
})
export type CustomerInput = z.input<typeof customerInputSchema>
/** The customer's own fields as stored (the owner is given apart: it needs an agent check). */
export type CustomerData = Omit<z.output<typeof customerInputSchema>, 'version' | 'owner'>
/** An owner as sent: an agent id, null for nobody, undefined when left out. */
export type OwnerInput = z.output<typeof ownerInputSchema> | undefined

export const CUSTOMER_ORDER_FIELDS = [
  'id',
  'name',
  'email',
  'city',
  'country',
  'phone',
  'date_created',
  'next_follow_up',
  'owner',
] as const
export type CustomerOrderField = (typeof CUSTOMER_ORDER_FIELDS)[number]

/** `?owner=`: an agent's id (any agent, active or not), `me`, or `none` (nobody's). */
export const ownerParamSchema = z.union(
  [
    z.enum(['me', 'none']),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ],
  { error: 'Use an agent id, me or none.' },
)

/** A filter's text: trimmed; empty means no filter. */
const filterText = text(200)
  .transform((value) => value || undefined)
  .optional()

const customerQuery = listQuerySchema(CUSTOMER_ORDER_FIELDS).extend({
  owner: ownerParamSchema.optional(),
  /** Exact, ignoring case. */
  city: filterText,
  country: filterText,
  /** Created on or after / on or before these dates in `tz`. */
  created_from: calendarDateSchema.optional(),
  created_to: calendarDateSchema.optional(),
  tz: timeZoneSchema,
})
export const customerListQuerySchema = customerQuery.superRefine(checkAfter())
/** An export takes the list's search, filters and ordering, and no paging. */
export const customerExportQuerySchema = customerQuery.omit({
  limit: true,
  offset: true,
  after: true,
})
export type CustomerListQuery = z.output<typeof customerListQuerySchema>

export const customerListSchema = listAnswerSchema('Customers', customerSchema)
export type CustomerList = z.infer<typeof customerListSchema>

/** How many orders the summary's `orders_page` holds: the customer page's table's first page. */
export const SUMMARY_ORDERS_LIMIT = 25

/** GET /api/customers/{id}/summary/: the customer page's figures (API.md). */
export const customerSummarySchema = z.object({
  customer: customerSchema,
  orders: z.object({
    count: z.number(),
    /** Two-place decimal string, "0.00" with no orders. */
    total_amount: z.string(),
    by_status: z.array(z.object({ status: orderStatusSchema, count: z.number() })),
    first_order: z.string().nullable(),
    last_order: z.string().nullable(),
  }),
  /** When the newest call, email or meeting note was written, or null (API contract "Notes"). */
  last_contact: z.string().nullable(),
  /**
   * The first page of the customer's orders, newest first, exactly as
   * GET /api/orders/?customer={id}&limit=25 answers it: the page shows in one call.
   */
  orders_page: orderListSchema,
})
export type CustomerSummary = z.infer<typeof customerSummarySchema>

/** 409: the customer changed since the edit began; `current` is how it is now. */
export const customerConflictSchema = z.object({ error: z.string(), current: customerSchema })
