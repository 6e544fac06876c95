import type { FastifyRequest } from 'fastify'
import {
  agentDirectorySchema,
  agentResponseSchema,
  agentUpdateInputSchema,
  roleResponseSchema,
} from '#shared/agent'
import { canManageAgent } from '#shared/constants'
import { idParamsSchema } from '#shared/list-query'
import { actorOf, changeActorOf } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { forbidden, found } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { findAgent, roleId, updateAgentProfile } from '../repositories/agents'
import { agentDirectory } from '../repositories/directory'

const doc = (summary: string) => describe('Agents', summary)

/**
 * onRequest, so it comes before any 400: another agent's record is 403 (even a missing
 * one, so a non-admin learns nothing about other ids). A malformed id is left to the
 * params schema (400); an admin naming no agent gets 404.
 */
function ownRecordOnly(request: FastifyRequest): Promise<void> {
  const id = idParamsSchema.safeParse(request.params)
  if (!id.success || canManageAgent(actorOf(request), id.data.id)) return Promise.resolve()
  return Promise.reject(forbidden('You may only read and change your own agent record.'))
}

export function agentRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const own = { onRequest: [ctx.authenticate, ownRecordOnly], preHandler: rowIdOr404('agent') }

  // A literal path: the router takes it before /api/agents/:id.
  app.get(
    '/api/agents/directory',
    {
      onRequest: ctx.authenticate,
      schema: {
        ...doc('The active agents by username (the owner and assignee pickers)'),
        response: answers({ 200: agentDirectorySchema }),
      },
    },
    () => agentDirectory(db),
  )

  app.get(
    '/api/agents/:id',
    {
      ...own,
      schema: {
        ...doc('Read an agent (your own; an Admin any)'),
        params: idParamsSchema,
        response: answers({ 200: agentResponseSchema }),
      },
    },
    async (request) => ({ Agent: found(await findAgent(db, request.params.id), 'agent') }),
  )

  app.put(
    '/api/agents/:id',
    {
      ...own,
      schema: {
        ...doc("Change an agent's profile (your own; an Admin any)"),
        params: idParamsSchema,
        body: agentUpdateInputSchema,
        response: answers({ 200: agentResponseSchema }),
      },
    },
    async (request) => {
      const agent = await updateAgentProfile(
        db,
        request.params.id,
        request.body,
        changeActorOf(request),
      )
      return { Agent: found(agent, 'agent') }
    },
  )

  app.get(
    '/api/agent/role',
    {
      onRequest: ctx.authenticate,
      schema: {
        ...doc('The signed-in agent’s role'),
        response: answers({ 200: roleResponseSchema }),
      },
    },
    (request) => {
      const { role } = actorOf(request)
      return { role: { id: roleId(role), role } }
    },
  )
}
