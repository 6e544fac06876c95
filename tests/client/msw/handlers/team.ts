import { HttpResponse, type HttpHandler } from 'msw'
import type { z } from 'zod'
import {
  activeInputSchema,
  agentCreateInputSchema,
  roleInputSchema,
  type TeamAgent,
} from '../../../../src/shared/agent'
import { USERNAME_TAKEN } from '../../../../src/shared/auth'
import { parseBody } from '../auth-check'
import { addHistory, mockDb } from '../data'
import { agentStore } from './agents'
import { signedIn } from './signed-in'
import { notFound, parseId } from './write-guard'

const refuse = (status: number, error: string) => HttpResponse.json({ error }, { status })

/** Everyone on GET agents/: the signed-in agent (agentStore) and the rest of the team. */
function team(): TeamAgent[] {
  const { agent } = agentStore
  const me: TeamAgent = {
    id: agent.id,
    username: agent.username,
    email: agent.email,
    first_name: agent.first_name,
    last_name: agent.last_name,
    role: agent.role as TeamAgent['role'],
    active: true,
    last_login: new Date().toISOString(),
  }
  return [me, ...mockDb.team].sort((a, b) => a.username.localeCompare(b.username))
}

/** Applies a change to one agent with the server's rules (API.md "Team"); a Response on refusal. */
function changeAgent(userId: number, id: number, change: Partial<TeamAgent>): TeamAgent | Response {
  const target = team().find((a) => a.id === id)
  if (!target) return notFound('Agent')
  const admins = team().filter((a) => a.role === 'Admin' && a.active)
  const losesAdmin = target.role === 'Admin' && (change.role !== 'Admin' || change.active === false)
  if (change.active === false && id === userId)
    return refuse(409, 'An Admin cannot deactivate themself.')
  if (losesAdmin && target.active && admins.length === 1) {
    return refuse(409, 'The last active Admin cannot be demoted or deactivated.')
  }
  const changed = { ...target, ...change }
  if (id === agentStore.agent.id) agentStore.agent = { ...agentStore.agent, role: changed.role }
  else mockDb.team = mockDb.team.map((a) => (a.id === id ? changed : a))
  const summary =
    change.role === undefined
      ? `${target.username} ${changed.active ? 'activated' : 'deactivated'}`
      : `${target.username}'s role ${target.role} → ${changed.role}`
  addHistory(change.role === undefined ? 'active' : 'role', 'agent', id, summary, {})
  return changed
}

/** POST agents/ (API.md "Team"): a new active agent; 409 when the username is taken. */
const addAgentHandler = signedIn.post('*/api/agents/', async ({ request }) => {
  if (agentStore.agent.role !== 'Admin') return refuse(403, 'Only an Admin may manage the team.')
  const body = await parseBody(request, agentCreateInputSchema)
  if (body instanceof Response) return body
  const taken = team().some((a) => a.username.toLowerCase() === body.username.toLowerCase())
  if (taken) {
    const fields = { username: USERNAME_TAKEN }
    return HttpResponse.json({ error: USERNAME_TAKEN, fields }, { status: 409 })
  }
  const added: TeamAgent = {
    id: Math.max(agentStore.agent.id, ...mockDb.team.map((a) => a.id)) + 1,
    username: body.username,
    email: body.email,
    first_name: '',
    last_name: '',
    role: body.role,
    active: true,
    last_login: null,
  }
  mockDb.team.push(added)
  addHistory('create', 'agent', added.id, `Agent ${added.username} added as ${added.role}`, {
    username: [null, added.username],
    email: [null, added.email],
    role: [null, added.role],
  })
  return HttpResponse.json({ Agent: added }, { status: 201 })
})

/** API.md "Team, Admin only": anyone else gets 403. */
export const teamHandlers: HttpHandler[] = [
  addAgentHandler,
  signedIn.get('*/api/agents/', ({ request }) => {
    if (agentStore.agent.role !== 'Admin') return refuse(403, 'Only an Admin may manage the team.')
    const all = team()
    const url = new URL(request.url)
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const limit = Number(url.searchParams.get('limit') ?? 1000)
    return HttpResponse.json({
      Agents: all.slice(offset, offset + limit),
      count: all.length,
      count_exact: true,
      next: offset + limit < all.length ? 'more' : null,
    })
  }),
  ...(['role', 'active'] as const).map((what) =>
    signedIn.put(`*/api/agents/:id/${what}/`, async ({ request, params, userId }) => {
      if (agentStore.agent.role !== 'Admin')
        return refuse(403, 'Only an Admin may manage the team.')
      const id = parseId(params)
      if (id instanceof Response) return id
      const body = await parseBody<z.ZodType<Partial<TeamAgent>>>(
        request,
        what === 'role' ? roleInputSchema : activeInputSchema,
      )
      if (body instanceof Response) return body
      const changed = changeAgent(userId, id, body)
      return changed instanceof Response ? changed : HttpResponse.json({ Agent: changed })
    }),
  ),
]
