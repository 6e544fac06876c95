import { queryOptions } from '@tanstack/react-query'
import {
  createdWebhookSchema,
  deliveryListSchema,
  webhookListSchema,
  webhookSchema,
  type CreatedWebhook,
  type Webhook,
  type WebhookCreateInput,
  type WebhookUpdateInput,
} from '#shared/webhooks'
import { api } from './client'

const root = ['webhooks'] as const
/** The newest deliveries the drawer shows. */
const DELIVERIES_SHOWN = 50

/** GET webhooks/ and a webhook's deliveries (API contract, Admin only). */
export const webhookQueries = {
  all: root,
  list: () =>
    queryOptions({
      queryKey: [...root, 'list'] as const,
      queryFn: ({ signal }) => api.get('webhooks/', { signal }).json(webhookListSchema),
    }),
  deliveries: (id: number) =>
    queryOptions({
      queryKey: [...root, 'deliveries', id] as const,
      queryFn: ({ signal }) =>
        api
          .get(`webhooks/${id}/deliveries/`, { searchParams: { limit: DELIVERIES_SHOWN }, signal })
          .json(deliveryListSchema),
    }),
  /** The newest delivery only: the table's 'Last delivery' column. */
  last: (id: number) =>
    queryOptions({
      queryKey: [...root, 'deliveries', id, 'last'] as const,
      queryFn: ({ signal }) =>
        api
          .get(`webhooks/${id}/deliveries/`, { searchParams: { limit: 1 }, signal })
          .json(deliveryListSchema),
    }),
}

/** POST webhooks/: the answer carries the signing secret, shown this once. */
export function createWebhook(input: WebhookCreateInput): Promise<CreatedWebhook> {
  return api.post('webhooks/', { json: input }).json(createdWebhookSchema)
}

/** PUT webhooks/{id}/ with all three fields. */
export function updateWebhook(id: number, input: WebhookUpdateInput): Promise<Webhook> {
  return api.put(`webhooks/${id}/`, { json: input }).json(webhookSchema)
}

export async function deleteWebhook(id: number): Promise<void> {
  await api.delete(`webhooks/${id}/`)
}

/** POST webhooks/{id}/test/: a `ping` event is delivered. */
export async function sendTestEvent(id: number): Promise<void> {
  await api.post(`webhooks/${id}/test/`)
}

/** A new delivery (new id) of the same event. */
export async function redeliver(id: number, deliveryId: number): Promise<void> {
  await api.post(`webhooks/${id}/deliveries/${deliveryId}/redeliver/`)
}
