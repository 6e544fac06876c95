import type { FastifyRequest } from 'fastify'
import { USERNAME_TAKEN } from '#shared/auth'
import {
  activeInputSchema,
  agentCreateInputSchema,
  roleInputSchema,
  teamAgentResponseSchema,
  teamListSchema,
  teamQuerySchema,
} from '#shared/agent'
import { idParamsSchema } from '#shared/list-query'
import { actorOf, changeActorOf } from '../auth/authenticate'
import { hashPassword } from '../auth/passwords'
import type { RouteContext } from '../http/context'
import { forbidden, HttpError, notFound } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import {
  addAgent,
  listTeam,
  setAgentActive,
  setAgentRole,
  type TeamChange,
} from '../repositories/team'

const doc = (summary: string) => describe('Team', `${summary} (Admin only)`)

/** onRequest, so anyone else gets 403 before any 400. */
function adminOnly(request: FastifyRequest): Promise<void> {
  if (actorOf(request).role === 'Admin') return Promise.resolve()
  return Promise.reject(forbidden('Only an Admin may manage the team.'))
}

function answer(change: TeamChange) {
  if (change === 'not found') throw notFound('agent')
  if (change === 'last admin') {
    throw new HttpError(409, 'The last active Admin cannot be demoted or deactivated.')
  }
  if (change === 'self') throw new HttpError(409, 'An Admin cannot deactivate themself.')
  // Its next request meets its new role or status at once: authenticate reads the agent.
  return { Agent: change }
}

export function teamRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const admin = { onRequest: [ctx.authenticate, adminOnly] }
  const oneAgent = { ...admin, preHandler: rowIdOr404('agent') }

  app.get(
    '/api/agents',
    {
      ...admin,
      schema: {
        ...doc('List the agents, with role, status and last sign-in'),
        querystring: teamQuerySchema,
        response: answers({ 200: teamListSchema }),
      },
    },
    (request) => listTeam(db, request.query),
  )

  // Sign-up being closed does not matter here: this is how an Admin adds a colleague.
  app.post(
    '/api/agents',
    {
      ...admin,
      schema: {
        ...doc('Add an agent (the sign-up rules; works while sign-up is closed)'),
        body: agentCreateInputSchema,
        response: answers({ 201: teamAgentResponseSchema }),
      },
    },
    async (request, reply) => {
      const { password, ...input } = request.body
      const passwordHash = await hashPassword(password)
      const agent = await addAgent(db, { ...input, passwordHash }, changeActorOf(request))
      if (!agent) throw new HttpError(409, USERNAME_TAKEN, { username: USERNAME_TAKEN })
      return reply.code(201).send({ Agent: agent })
    },
  )

  app.put(
    '/api/agents/:id/role',
    {
      ...oneAgent,
      schema: {
        ...doc("Change an agent's role"),
        params: idParamsSchema,
        body: roleInputSchema,
        response: answers({ 200: teamAgentResponseSchema }),
      },
    },
    async (request) =>
      answer(await setAgentRole(db, request.params.id, request.body.role, changeActorOf(request))),
  )

  app.put(
    '/api/agents/:id/active',
    {
      ...oneAgent,
      schema: {
        ...doc('Activate or deactivate an agent'),
        params: idParamsSchema,
        body: activeInputSchema,
        response: answers({ 200: teamAgentResponseSchema }),
      },
    },
    async (request) =>
      answer(
        await setAgentActive(db, request.params.id, request.body.active, changeActorOf(request)),
      ),
  )
}
