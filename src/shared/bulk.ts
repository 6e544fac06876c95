import { z } from 'zod'
import { OWNER_MESSAGE, ownerInputSchema } from './customer'
import { recordIdSchema } from './notes'
import { statusInputSchema } from './order'

/** At most this many records in one bulk change (API contract "Bulk changes"). */
export const BULK_MAX = 1000

const ID_MESSAGE = 'Use record ids, like 12.'
const idsSchema = z
  .array(recordIdSchema(ID_MESSAGE), { error: 'Send ids as a list of record ids.' })
  .min(1, 'Choose at least one record.')
  .max(BULK_MAX, `Choose at most ${BULK_MAX.toLocaleString('en-US')} records.`)
  // The same id twice is one record.
  .transform((ids) => [...new Set(ids)])

export const CUSTOMER_BULK_ACTIONS = ['delete', 'restore', 'assign'] as const
export const ORDER_BULK_ACTIONS = ['delete', 'restore', 'status'] as const

const actionSchema = <const A extends readonly [string, ...string[]]>(actions: A) =>
  z.enum(actions, { error: `Choose one of: ${actions.join(', ')}.` })

/** POST /api/customers/bulk/: `owner` (an agent id or null) is needed for `assign`. */
export const customerBulkInputSchema = z
  .object({
    action: actionSchema(CUSTOMER_BULK_ACTIONS),
    ids: idsSchema,
    owner: ownerInputSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'assign' && body.owner === undefined) {
      ctx.addIssue({ code: 'custom', path: ['owner'], message: OWNER_MESSAGE })
    }
  })
export type CustomerBulkInput = z.input<typeof customerBulkInputSchema>
export type CustomerBulk = z.output<typeof customerBulkInputSchema>

/** POST /api/orders/bulk/: `status` is needed for `status`. */
export const orderBulkInputSchema = z
  .object({
    action: actionSchema(ORDER_BULK_ACTIONS),
    ids: idsSchema,
    status: statusInputSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'status' && body.status === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Choose a status.' })
    }
  })
export type OrderBulkInput = z.input<typeof orderBulkInputSchema>
export type OrderBulk = z.output<typeof orderBulkInputSchema>

/** 200: how many records changed (the number of distinct ids). */
export const bulkAnswerSchema = z.object({ changed: z.number() })
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>
