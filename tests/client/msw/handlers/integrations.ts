import { HttpResponse, type RequestHandler } from 'msw'
import { apiKeyInputSchema, type ApiKey } from '../../../../src/shared/api-keys'
import {
  webhookCreateInputSchema,
  type Delivery,
  type Webhook,
} from '../../../../src/shared/webhooks'
import { parseBody } from '../auth-check'
import { agentStore } from './agents'
import { signedIn } from './signed-in'
import { notFound, parseId } from './write-guard'

/** API keys, webhooks and deliveries as the server keeps them; fresh for each test. */
export function integrationStore() {
  const store = {
    keys: [] as ApiKey[],
    webhooks: [] as Webhook[],
    deliveries: new Map<number, Delivery[]>(),
    nextId: 1,
  }
  const now = () => new Date().toISOString()
  const deliver = (hookId: number, type: string, eventId = store.nextId++) => {
    const list = store.deliveries.get(hookId) ?? []
    const at = now()
    const delivery: Delivery = {
      id: store.nextId++,
      event_id: eventId,
      type,
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      last_error: null,
      next_attempt_at: null,
      delivered_at: at,
      created_at: at,
    }
    store.deliveries.set(hookId, [delivery, ...list])
  }
  const handlers: RequestHandler[] = [
    signedIn.get('*/api/api-keys/', () => HttpResponse.json({ Keys: store.keys })),
    signedIn.post('*/api/api-keys/', async ({ request, userId }) => {
      const input = await parseBody(request, apiKeyInputSchema)
      if (input instanceof Response) return input
      const key = `rk_${'x'.repeat(8)}${String(store.nextId).padStart(35, '0')}`
      const created: ApiKey = {
        id: store.nextId++,
        name: input.name,
        role: input.role,
        prefix: key.slice(0, 10),
        created_at: now(),
        created_by: { id: userId, username: agentStore.agent.username },
        last_used_at: null,
        expires_at: input.expires_at ?? null,
      }
      store.keys = [created, ...store.keys]
      return HttpResponse.json({ ...created, key }, { status: 201 })
    }),
    signedIn.delete('*/api/api-keys/:id/', ({ params }) => {
      const id = parseId(params)
      if (id instanceof Response) return id
      if (!store.keys.some((k) => k.id === id)) return notFound('API key')
      store.keys = store.keys.filter((k) => k.id !== id)
      return new HttpResponse(null, { status: 204 })
    }),
    signedIn.get('*/api/webhooks/', () => HttpResponse.json({ Webhooks: store.webhooks })),
    signedIn.post('*/api/webhooks/', async ({ request }) => {
      const input = await parseBody(request, webhookCreateInputSchema)
      if (input instanceof Response) return input
      const hook: Webhook = {
        id: store.nextId++,
        url: input.url,
        events: input.events,
        active: input.active ?? true,
        created_at: now(),
      }
      store.webhooks = [...store.webhooks, hook]
      return HttpResponse.json({ ...hook, secret: `whsec_${'s'.repeat(43)}` }, { status: 201 })
    }),
    signedIn.post('*/api/webhooks/:id/test/', ({ params }) => {
      const id = parseId(params)
      if (id instanceof Response) return id
      deliver(id, 'ping')
      return new HttpResponse(null, { status: 202 })
    }),
    signedIn.get('*/api/webhooks/:id/deliveries/', ({ request, params }) => {
      const id = parseId(params)
      if (id instanceof Response) return id
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 25)
      const all = store.deliveries.get(id) ?? []
      const Deliveries = all.slice(0, limit)
      return HttpResponse.json({ Deliveries, count: all.length, count_exact: true, next: null })
    }),
    signedIn.post('*/api/webhooks/:id/deliveries/:delivery/redeliver/', ({ params }) => {
      const id = parseId(params)
      if (id instanceof Response) return id
      const original = store.deliveries.get(id)?.find((d) => d.id === Number(params.delivery))
      if (!original) return notFound('delivery')
      deliver(id, original.type, original.event_id)
      return new HttpResponse(null, { status: 202 })
    }),
  ]
  return { store, handlers }
}
