import type { FastifyRequest } from 'fastify'
import { idParamsSchema } from '#shared/list-query'
import {
  VIEW_NAME_TAKEN,
  viewInputSchema,
  viewListQuerySchema,
  viewListSchema,
  viewSchema,
  type View,
} from '#shared/views'
import { actorOf, requireWriter } from '../auth/authenticate'
import type { Db } from '../db/client'
import { forbidden, found, HttpError } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import type { RouteContext } from '../http/context'
import {
  createView,
  deleteView,
  findView,
  listViews,
  mayChange,
  updateView,
  type ViewViewer,
} from '../repositories/views'

const doc = (summary: string) => describe('Saved views', summary)

const viewerOf = (request: FastifyRequest): ViewViewer => {
  const { id, role } = actorOf(request)
  return { id, admin: role === 'Admin' }
}

const nameTaken = () => new HttpError(409, VIEW_NAME_TAKEN)

/** The view to change: 404 when the viewer may not see it, 403 when not theirs (nor an Admin). */
async function changeable(db: Db, id: number, viewer: ViewViewer): Promise<View> {
  const view = found(await findView(db, id, viewer), 'view')
  if (!mayChange(view, viewer)) {
    throw forbidden('Only the agent who saved this view, or an Admin, may change it.')
  }
  return view
}

export function viewRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }
  const write = { onRequest: [ctx.authenticate, requireWriter] }
  const oneView = { preHandler: rowIdOr404('view') }

  app.get(
    '/api/views',
    {
      ...read,
      schema: {
        ...doc('Your saved views and the ones shared with the team, by name'),
        querystring: viewListQuerySchema,
        response: answers({ 200: viewListSchema }),
      },
    },
    (request) => listViews(db, request.query, viewerOf(request)),
  )

  app.post(
    '/api/views',
    {
      ...write,
      schema: {
        ...doc('Save a view (409 if you have one of that name on that screen)'),
        body: viewInputSchema,
        response: answers({ 201: viewSchema }),
      },
    },
    async (request, reply) => {
      const view = await createView(db, request.body, actorOf(request).id)
      if (view === 'taken') throw nameTaken()
      return reply.code(201).send(view)
    },
  )

  app.put(
    '/api/views/:id',
    {
      ...write,
      ...oneView,
      schema: {
        ...doc('Change a view (its owner or an Admin; the owner stays)'),
        params: idParamsSchema,
        body: viewInputSchema,
        response: answers({ 200: viewSchema }),
      },
    },
    async (request) => {
      await changeable(db, request.params.id, viewerOf(request))
      const view = await updateView(db, request.params.id, request.body)
      if (view === 'taken') throw nameTaken()
      return found(view, 'view')
    },
  )

  app.delete(
    '/api/views/:id',
    {
      ...write,
      ...oneView,
      schema: {
        ...doc('Delete a view (its owner or an Admin)'),
        params: idParamsSchema,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      await changeable(db, request.params.id, viewerOf(request))
      await deleteView(db, request.params.id)
      return reply.code(204).send(null)
    },
  )
}
