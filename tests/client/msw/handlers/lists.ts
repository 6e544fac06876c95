import { http, HttpResponse, type RequestHandler } from 'msw'
import { customerBulkInputSchema, orderBulkInputSchema } from '../../../../src/shared/bulk'
import {
  VIEW_NAME_TAKEN,
  viewInputSchema,
  viewListQuerySchema,
  type View,
} from '../../../../src/shared/views'
import { parseBody, requireAccess } from '../auth-check'
import { deleteCustomer, mockDb, restoreCustomer, restoreOrder } from '../data'
import { agentStore } from './agents'
import { notFound, parseId, parseQuery, refuseTester } from './write-guard'

/** Saved views as the server keeps them; tests reset them with resetViews(). */
export const viewStore = { views: [] as View[], nextId: 1 }

export function resetViews(): void {
  viewStore.views = []
  viewStore.nextId = 1
}

const me = () => ({ id: agentStore.agent.id, username: agentStore.agent.username })
const badIds = (ids: number[]) =>
  HttpResponse.json(
    {
      error: `These records cannot be changed: ${ids.join(', ')}.`,
      fields: { ids: ids.join(', ') },
    },
    { status: 400 },
  )

/** API contract "Owners, filters, saved views, bulk changes": the happy paths. */
export const listHandlers: RequestHandler[] = [
  http.get('*/api/agents/directory/', ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const agents = [agentStore.agent, ...mockDb.team.filter((agent) => agent.active)]
      .map(({ id, username, first_name, last_name, role }) => ({
        id,
        username,
        first_name,
        last_name,
        role,
      }))
      .sort((a, b) => a.username.localeCompare(b.username))
    return HttpResponse.json({ Agents: agents })
  }),
  http.get('*/api/stats/customers-by-country/', ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const counts = new Map<string, number>()
    for (const { country } of mockDb.customers) {
      if (country.trim()) counts.set(country.trim(), (counts.get(country.trim()) ?? 0) + 1)
    }
    const countries = [...counts].map(([country, count]) => ({ country, count }))
    return HttpResponse.json({ countries: countries.sort((a, b) => b.count - a.count) })
  }),
  http.get('*/api/views/', ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const query = parseQuery(request, viewListQuerySchema)
    if (query instanceof Response) return query
    const views = viewStore.views
      .filter((view) => view.owner.id === userId || view.shared)
      .filter((view) => !query.screen || view.screen === query.screen)
      .sort((a, b) => a.name.localeCompare(b.name))
    return HttpResponse.json({ Views: views })
  }),
  http.post('*/api/views/', async ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const refused = refuseTester()
    if (refused) return refused
    const body = await parseBody(request, viewInputSchema)
    if (body instanceof Response) return body
    const taken = viewStore.views.some(
      (view) =>
        view.owner.id === userId &&
        view.screen === body.screen &&
        view.name.toLowerCase() === body.name.toLowerCase(),
    )
    if (taken) return HttpResponse.json({ error: VIEW_NAME_TAKEN }, { status: 409 })
    const view: View = { id: viewStore.nextId++, ...body, owner: me() }
    viewStore.views.push(view)
    return HttpResponse.json(view, { status: 201 })
  }),
  http.put('*/api/views/:id/', async ({ request, params }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const refused = refuseTester()
    if (refused) return refused
    const id = parseId(params)
    if (id instanceof Response) return id
    const body = await parseBody(request, viewInputSchema)
    if (body instanceof Response) return body
    const index = viewStore.views.findIndex((view) => view.id === id)
    const found = viewStore.views[index]
    if (!found) return notFound('View')
    viewStore.views[index] = { ...found, ...body }
    return HttpResponse.json(viewStore.views[index])
  }),
  http.delete('*/api/views/:id/', ({ request, params }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const refused = refuseTester()
    if (refused) return refused
    const id = parseId(params)
    if (id instanceof Response) return id
    const before = viewStore.views.length
    viewStore.views = viewStore.views.filter((view) => view.id !== id)
    return viewStore.views.length < before
      ? new HttpResponse(null, { status: 204 })
      : notFound('View')
  }),
  http.post('*/api/customers/bulk/', async ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const refused = refuseTester()
    if (refused) return refused
    const body = await parseBody(request, customerBulkInputSchema)
    if (body instanceof Response) return body
    const live = (id: number) => mockDb.customers.some((c) => c.id === id)
    const deleted = (id: number) => mockDb.deletedCustomers.some((d) => d.customer.id === id)
    const bad = body.ids.filter((id) => !(body.action === 'restore' ? deleted(id) : live(id)))
    if (bad.length > 0) return badIds(bad)
    const agent = [agentStore.agent, ...mockDb.team].find((a) => a.id === body.owner)
    for (const id of body.ids) {
      if (body.action === 'delete') deleteCustomer(id)
      else if (body.action === 'restore') restoreCustomer(id)
      else {
        const index = mockDb.customers.findIndex((c) => c.id === id)
        const found = mockDb.customers[index]!
        const owner = agent ? { id: agent.id, username: agent.username } : null
        mockDb.customers[index] = { ...found, owner, version: found.version + 1 }
      }
    }
    return HttpResponse.json({ changed: body.ids.length })
  }),
  http.post('*/api/orders/bulk/', async ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const refused = refuseTester()
    if (refused) return refused
    const body = await parseBody(request, orderBulkInputSchema)
    if (body instanceof Response) return body
    const live = (id: number) => mockDb.orders.some((o) => o.id === id)
    const deleted = (id: number) => mockDb.deletedOrders.some((o) => o.id === id)
    const bad = body.ids.filter((id) => !(body.action === 'restore' ? deleted(id) : live(id)))
    if (bad.length > 0) return badIds(bad)
    if (body.action === 'delete')
      mockDb.orders = mockDb.orders.filter((o) => !body.ids.includes(o.id))
    else if (body.action === 'restore') body.ids.forEach(restoreOrder)
    else {
      mockDb.orders = mockDb.orders.map((o) =>
        body.ids.includes(o.id) && body.status
          ? { ...o, status: body.status, version: o.version + 1 }
          : o,
      )
    }
    return HttpResponse.json({ changed: body.ids.length })
  }),
]
