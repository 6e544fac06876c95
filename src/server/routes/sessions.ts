import { revokedSchema, sessionListSchema, sessionParamsSchema } from '#shared/sessions'
import { actorOf } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { notFound } from '../http/errors'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import { endOtherSessions, endSession, listSessions } from '../repositories/sessions'

const doc = (summary: string) => describe('Sessions', summary)

/** The signed-in agent's own sessions: list them, end one, end all others. */
export function sessionRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const signedIn = { onRequest: ctx.authenticate }

  app.get(
    '/api/sessions',
    {
      ...signedIn,
      schema: {
        ...doc('Your sessions whose refresh token is alive, most recently used first'),
        response: answers({ 200: sessionListSchema }),
      },
    },
    async (request) => {
      const { id, sessionId } = actorOf(request)
      return { Sessions: await listSessions(db, id, sessionId) }
    },
  )

  app.delete(
    '/api/sessions/:id',
    {
      ...signedIn,
      schema: {
        ...doc('End one of your sessions: its tokens are refused at once, on every server'),
        params: sessionParamsSchema,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      // Another agent's session, or one already ended, is "no such session".
      if (!(await endSession(db, actorOf(request).id, request.params.id))) {
        throw notFound('session')
      }
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/sessions/revoke-others',
    {
      ...signedIn,
      schema: {
        ...doc('End every session of yours but this one'),
        response: answers({ 200: revokedSchema }),
      },
    },
    async (request) => {
      const { id, sessionId } = actorOf(request)
      return { revoked: await endOtherSessions(db, id, sessionId) }
    },
  )
}
