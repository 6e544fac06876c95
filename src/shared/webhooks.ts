import { z } from 'zod'
import { checkAfter, listAnswerSchema, pagingSchema } from './list-query'

/** The event types a webhook may ask for (API contract "API keys and webhooks"). */
export const WEBHOOK_EVENT_TYPES = [
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.restored',
  'order.created',
  'order.updated',
  'order.deleted',
  'order.restored',
  'task.created',
  'task.updated',
  'task.deleted',
  'note.created',
  'note.updated',
  'note.deleted',
  'ping',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** `events: ["*"]`: every event type. */
export const ALL_EVENTS = '*'
export const WEBHOOK_URL_MAX = 2000
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  created_at: z.string(),
})
export type Webhook = z.infer<typeof webhookSchema>

/** The answer to a create: the webhook with its signing secret, shown this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() })
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>

export const webhookListSchema = z.object({ Webhooks: z.array(webhookSchema) })
export type WebhookList = z.infer<typeof webhookListSchema>

const URL_MESSAGE = 'Enter a web address starting with http:// or https://.'

/** An http(s) address; whether it may be reached is the server's check (safe-address.ts). */
export const webhookUrlSchema = z
  .string({ error: URL_MESSAGE })
  .trim()
  .min(1, URL_MESSAGE)
  .max(WEBHOOK_URL_MAX, `Use at most ${WEBHOOK_URL_MAX} characters.`)
  .refine((value) => {
    try {
      const { protocol, hostname } = new URL(value)
      return (protocol === 'http:' || protocol === 'https:') && hostname !== ''
    } catch {
      return false
    }
  }, URL_MESSAGE)

const EVENTS_MESSAGE = `Choose event types from: ${WEBHOOK_EVENT_TYPES.join(', ')}, or "*" for all.`

const KNOWN_EVENTS: readonly string[] = [ALL_EVENTS, ...WEBHOOK_EVENT_TYPES]

// One message for the whole list (fields.events), whichever entry is wrong.
export const webhookEventsSchema = z
  .array(z.string({ error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE })
  .min(1, 'Choose at least one event type.')
  .max(WEBHOOK_EVENT_TYPES.length + 1, EVENTS_MESSAGE)
  .refine((events) => events.every((event) => KNOWN_EVENTS.includes(event)), EVENTS_MESSAGE)
  .transform((events) => (events.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...new Set(events)]))

export const webhookCreateInputSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  active: z.boolean({ error: 'Choose true or false.' }).optional(),
})
export type WebhookCreateInput = z.input<typeof webhookCreateInputSchema>

export const webhookUpdateInputSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  active: z.boolean({ error: 'Choose true or false.' }),
})
export type WebhookUpdateInput = z.input<typeof webhookUpdateInputSchema>

export const deliverySchema = z.object({
  id: z.number(),
  event_id: z.number(),
  type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
})
export type Delivery = z.infer<typeof deliverySchema>

export const DELIVERY_ORDERING = '-id'
export const deliveryQuerySchema = pagingSchema.superRefine(checkAfter(DELIVERY_ORDERING))
export type DeliveryQuery = z.output<typeof deliveryQuerySchema>

export const deliveryListSchema = listAnswerSchema('Deliveries', deliverySchema)
export type DeliveryList = z.infer<typeof deliveryListSchema>

export const deliveryParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'id must be a positive whole number')
    .transform(Number),
  delivery_id: z
    .string()
    .regex(/^\d{1,15}$/, 'delivery_id must be a positive whole number')
    .transform(Number),
})
