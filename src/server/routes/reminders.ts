import { idParamsSchema } from '#shared/list-query'
import {
  allSeenSchema,
  reminderListQuerySchema,
  reminderListSchema,
  reminderSchema,
} from '#shared/reminders'
import { actorOf } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { found } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { listReminders, markAllSeen, markSeen } from '../repositories/reminders'

const doc = (summary: string) => describe('Reminders', summary)

/** The signed-in agent's own reminders: nobody reads or marks another's. */
export function reminderRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }

  app.get(
    '/api/reminders',
    {
      ...read,
      schema: {
        ...doc('Your reminders, newest first, with how many you have not seen'),
        querystring: reminderListQuerySchema,
        response: answers({ 200: reminderListSchema }),
      },
    },
    (request) => listReminders(db, request.query, actorOf(request).id),
  )

  app.post(
    '/api/reminders/seen',
    {
      ...read,
      schema: {
        ...doc('Mark all your reminders seen'),
        response: answers({ 200: allSeenSchema }),
      },
    },
    async (request) => {
      await markAllSeen(db, actorOf(request).id)
      return { unseen: 0 as const }
    },
  )

  app.post(
    '/api/reminders/:id/seen',
    {
      ...read,
      preHandler: rowIdOr404('reminder'),
      schema: {
        ...doc('Mark one of your reminders seen'),
        params: idParamsSchema,
        response: answers({ 200: reminderSchema }),
      },
    },
    async (request) =>
      found(await markSeen(db, request.params.id, actorOf(request).id), 'reminder'),
  )
}
