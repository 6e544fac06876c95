import { z } from 'zod'
import { checkAfter, listAnswerSchema, listQuerySchema } from './list-query'
import { orderStatusSchema } from './order'
import { email, optionalText, requiredText } from './text'

export const customerSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  date_created: z.string(),
})
export type Customer = z.infer<typeof customerSchema>

/** Create and update body; unknown keys (id, date_created …) are dropped. */
export const customerInputSchema = z.object({
  name: requiredText(200),
  email: email({ allowEmpty: true }),
  city: optionalText(),
  country: optionalText(),
  phone: optionalText(),
})
export type CustomerInput = z.input<typeof customerInputSchema>
export type CustomerData = z.output<typeof customerInputSchema>

export const CUSTOMER_ORDER_FIELDS = [
  'id',
  'name',
  'email',
  'city',
  'country',
  'phone',
  'date_created',
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
})
export type CustomerSummary = z.infer<typeof customerSummarySchema>
