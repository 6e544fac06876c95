import type { FastifyInstance, FastifyRequest } from 'fastify'
import { agentUpdateInputSchema, type AgentResponse, type RoleResponse } from '../../shared/agent'
import { canManageAgent, type RoleName } from '../../shared/constants'
import { idParamsSchema } from '../../shared/list-query'
import { actorOf } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { forbidden, notFound } from '../http/errors'
import { isRowId, parse } from '../http/validate'
import { findAgent, roleId, updateAgentProfile } from '../repositories/agents'

/**
 * The `{id}` an actor may touch: 400 when malformed, 403 when it is someone else's
 * record (even a missing one, so a non-admin learns nothing about other ids), 404
 * when an admin names no agent.
 */
function agentId(request: FastifyRequest): number {
  const { id } = parse(idParamsSchema, request.params)
  if (!canManageAgent(actorOf(request), id)) {
    throw forbidden('You may only read and change your own agent record.')
  }
  if (!isRowId(id)) throw notFound('agent')
  return id
}

export function agentRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { db } = ctx.database
  const onRequest = ctx.authenticate

  app.get('/api/agents/:id', { onRequest }, async (request): Promise<AgentResponse> => {
    const agent = await findAgent(db, agentId(request))
    if (!agent) throw notFound('agent')
    return { Agent: agent }
  })

  app.put('/api/agents/:id', { onRequest }, async (request): Promise<AgentResponse> => {
    const id = agentId(request)
    const profile = parse(agentUpdateInputSchema, request.body)
    const agent = await updateAgentProfile(db, id, profile)
    if (!agent) throw notFound('agent')
    return { Agent: agent }
  })

  app.get('/api/agent/role', { onRequest }, (request): RoleResponse => {
    const role = actorOf(request).role as RoleName
    return { role: { id: roleId(role), role } }
  })
}
