import { idParamsSchema } from '#shared/list-query'
import {
  createdWebhookSchema,
  deliveryListSchema,
  deliveryParamsSchema,
  deliveryQuerySchema,
  webhookCreateInputSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateInputSchema,
} from '#shared/webhooks'
import { changeActorOf } from '../auth/authenticate'
import { requireAdmin } from '../auth/require-admin'
import type { RouteContext } from '../http/context'
import { found, HttpError, notFound } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  listWebhooks,
  updateWebhook,
} from '../repositories/webhooks'
import {
  listDeliveries,
  redeliver,
  sendTestEvent,
  type Resend,
} from '../repositories/webhook-deliveries'
import { refusalOnSave, systemResolver } from '../webhooks/safe-address'

const doc = (summary: string) => describe('Webhooks', `${summary} (Admin only)`)

/** Webhooks and their deliveries (API contract "API keys and webhooks"); Admins only. */
export function webhookRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const admin = { onRequest: [ctx.authenticate, requireAdmin] }
  const oneWebhook = { ...admin, preHandler: rowIdOr404('webhook') }
  const reach = {
    allowPrivate: ctx.config.webhooks?.allowPrivate ?? false,
    resolve: ctx.config.webhooks?.resolve ?? systemResolver,
  }
  // 400 for an address a delivery would never be allowed to reach.
  const checkUrl = async (url: string) => {
    const refused = await refusalOnSave(url, reach)
    if (refused) throw new HttpError(400, 'Some fields are not valid.', { url: refused })
  }
  const answer = (outcome: Resend) => {
    if (outcome === 'no webhook') throw notFound('webhook')
    if (outcome === 'no delivery') throw notFound('delivery')
    if (outcome === 'off') throw new HttpError(409, 'Turn the webhook on first: it is off.')
    return null
  }

  app.get(
    '/api/webhooks',
    {
      ...admin,
      schema: { ...doc('List the webhooks'), response: answers({ 200: webhookListSchema }) },
    },
    async () => ({ Webhooks: await listWebhooks(db) }),
  )

  app.post(
    '/api/webhooks',
    {
      ...admin,
      schema: {
        ...doc('Add a webhook: the answer shows its signing secret, this once'),
        body: webhookCreateInputSchema,
        response: answers({ 201: createdWebhookSchema }),
      },
    },
    async (request, reply) => {
      const { url, events, active = true } = request.body
      await checkUrl(url)
      const created = await createWebhook(db, { url, events, active }, changeActorOf(request))
      return reply.code(201).send(created)
    },
  )

  app.put(
    '/api/webhooks/:id',
    {
      ...oneWebhook,
      schema: {
        ...doc('Change a webhook (turned off, its pending deliveries end failed)'),
        params: idParamsSchema,
        body: webhookUpdateInputSchema,
        response: answers({ 200: webhookSchema }),
      },
    },
    async (request) => {
      if (!(await findWebhook(db, request.params.id))) throw notFound('webhook')
      await checkUrl(request.body.url)
      const updated = await updateWebhook(
        db,
        request.params.id,
        request.body,
        changeActorOf(request),
      )
      return found(updated, 'webhook')
    },
  )

  app.delete(
    '/api/webhooks/:id',
    {
      ...oneWebhook,
      schema: {
        ...doc('Delete a webhook and its deliveries'),
        params: idParamsSchema,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      if (!(await deleteWebhook(db, request.params.id, changeActorOf(request)))) {
        throw notFound('webhook')
      }
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/webhooks/:id/test',
    {
      ...oneWebhook,
      schema: {
        ...doc('Send a ping event to this webhook'),
        params: idParamsSchema,
        response: answers({ 202: noContent }),
      },
    },
    async (request, reply) =>
      reply.code(202).send(answer(await sendTestEvent(db, request.params.id))),
  )

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      ...oneWebhook,
      schema: {
        ...doc("A webhook's deliveries, newest first"),
        params: idParamsSchema,
        querystring: deliveryQuerySchema,
        response: answers({ 200: deliveryListSchema }),
      },
    },
    async (request) => {
      if (!(await findWebhook(db, request.params.id))) throw notFound('webhook')
      return listDeliveries(db, request.params.id, request.query)
    },
  )

  app.post(
    '/api/webhooks/:id/deliveries/:delivery_id/redeliver',
    {
      ...oneWebhook,
      schema: {
        ...doc('Deliver the same event again, as a new delivery'),
        params: deliveryParamsSchema,
        response: answers({ 202: noContent }),
      },
    },
    async (request, reply) => {
      const { id, delivery_id } = request.params
      return reply.code(202).send(answer(await redeliver(db, id, delivery_id)))
    },
  )
}
