import { http, HttpResponse, type RequestHandler } from 'msw'
import { agentUpdateInputSchema, type Agent } from '../../../../src/shared/agent'
import { parseBody, requireAccess } from '../auth-check'

const defaultAgent = (): Agent => ({
  id: 1,
  username: 'johndoe',
  first_name: 'John',
  last_name: 'Doe',
  email: 'john@example.com',
  phone: '+1 555 0100',
  country: 'USA',
  city: 'Boston',
  timezone: 'UTC-4',
  role: 'Agent',
})

/** The signed-in agent the handlers answer with; signIn() sets its role, tests may edit it. */
export const agentStore = {
  agent: defaultAgent(),
  reset() {
    this.agent = defaultAgent()
  },
}

// Not built with signed-in.ts: it reads agentStore (via write-guard.ts), an import cycle.
export const agentHandlers: RequestHandler[] = [
  http.get('*/api/agent/role/', ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const roleId = ['Admin', 'Agent', 'Tester'].indexOf(agentStore.agent.role) + 1
    return HttpResponse.json({ role: { id: roleId, role: agentStore.agent.role } })
  }),
  http.get('*/api/agents/:id', ({ request, params }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    if (Number(params.id) !== agentStore.agent.id) {
      return HttpResponse.json({ error: 'Agent not found.' }, { status: 404 })
    }
    return HttpResponse.json({ Agent: agentStore.agent })
  }),
  http.put('*/api/agents/:id', async ({ request, params }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    if (Number(params.id) !== userId) {
      return HttpResponse.json({ error: 'You may change only your own record.' }, { status: 403 })
    }
    const body = await parseBody(request, agentUpdateInputSchema)
    if (body instanceof Response) return body
    agentStore.agent = { ...agentStore.agent, ...body }
    return HttpResponse.json({ Agent: agentStore.agent })
  }),
]
