import { z } from 'zod'
import { checkAfter, listAnswerSchema, listQuerySchema } from './list-query'
import { expectedVersionSchema, orderListSchema, orderStatusSchema } from './order'
import { email, optionalText, requiredText } from './text'

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
})
export type Customer = z.infer<typeof customerSchema>

/** Create and update body; unknown keys (id, date_created …) are dropped. */
export const customerInputSchema = z.object({
  name: requiredText(200, 'Enter a name.'),
  email: email({ allowEmpty: true }),
  city: optionalText(),
  country: optionalText(),
  phone: optionalText(),
  /** The version the edit started from: a PUT of an older one is refused (409). */
  version: expectedVersionSchema,
})
export type CustomerInput = z.input<typeof customerInputSchema>
export type CustomerData = Omit<z.output<typeof customerInputSchema>, 'version'>

export const CUSTOMER_ORDER_FIELDS = [
  'id',
  'name',
  'email',
  'city',
  'country',
  'phone',
  'date_created',
  'next_follow_up',
] as const
export type CustomerOrderField = (typeof CUSTOMER_ORDER_FIELDS)[number]
const customerQuery = listQuerySchema(CUSTOMER_ORDER_FIELDS)
export const customerListQuerySchema = customerQuery.superRefine(checkAfter())
/** An export takes the list's search and ordering, and no paging. */
export const customerExportQuerySchema = customerQuery.pick({ search: true, ordering: true })
export type CustomerListQuery = z.output<typeof customerListQuerySchema>

export const customerListSchema = listAnswerSchema('Customers', customerSchema)
export type CustomerList = z.infer<typeof customerListSchema>

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
