import { historyListSchema, historyQuerySchema } from '#shared/history'
import { actorOf } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { listHistory } from '../repositories/history'

export function historyRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  app.get(
    '/api/history',
    {
      onRequest: ctx.authenticate,
      schema: {
        ...describe(
          'History',
          'Every change, newest first: customers and orders for everyone, agents your own (an Admin: all)',
        ),
        querystring: historyQuerySchema,
        response: answers({ 200: historyListSchema }),
      },
    },
    (request) => {
      const { id, role } = actorOf(request)
      return listHistory(db, request.query, { id, admin: role === 'Admin' })
    },
  )
}
