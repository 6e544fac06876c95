import { apiKeyInputSchema, apiKeyListSchema, createdApiKeySchema } from '#shared/api-keys'
import { idParamsSchema } from '#shared/list-query'
import { changeActorOf } from '../auth/authenticate'
import { requireAdmin } from '../auth/require-admin'
import type { RouteContext } from '../http/context'
import { notFound } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import { createApiKey, listApiKeys, revokeApiKey } from '../repositories/api-keys'

const doc = (summary: string) => describe('API keys', `${summary} (Admin only)`)

/** Keys for other programs (API contract "API keys and webhooks"); Admins only. */
export function apiKeyRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const admin = { onRequest: [ctx.authenticate, requireAdmin] }

  app.get(
    '/api/api-keys',
    {
      ...admin,
      schema: {
        ...doc('List the API keys that are not revoked, newest first'),
        response: answers({ 200: apiKeyListSchema }),
      },
    },
    async () => ({ Keys: await listApiKeys(db) }),
  )

  app.post(
    '/api/api-keys',
    {
      ...admin,
      schema: {
        ...doc('Create an API key: the answer shows its secret, this once'),
        body: apiKeyInputSchema,
        response: answers({ 201: createdApiKeySchema }),
      },
    },
    async (request, reply) => {
      const { name, role, expires_at } = request.body
      const input = { name, role, expiresAt: expires_at ?? null }
      return reply.code(201).send(await createApiKey(db, input, changeActorOf(request)))
    },
  )

  app.delete(
    '/api/api-keys/:id',
    {
      ...admin,
      preHandler: rowIdOr404('API key'),
      schema: {
        ...doc('Revoke an API key: every server refuses it from now on'),
        params: idParamsSchema,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      if (!(await revokeApiKey(db, request.params.id, changeActorOf(request)))) {
        throw notFound('API key')
      }
      return reply.code(204).send(null)
    },
  )
}
