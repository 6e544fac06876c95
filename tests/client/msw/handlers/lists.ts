import { HttpResponse, type RequestHandler } from 'msw'
import { customerBulkInputSchema, orderBulkInputSchema } from '../../../../src/shared/bulk'
import {
  VIEW_NAME_TAKEN,
  viewInputSchema,
  viewListQuerySchema,
  type View,
} from '../../../../src/shared/views'
import { parseBody } from '../auth-check'
import { deleteCustomer, mockDb, restoreCustomer, restoreOrder } from '../data'
import { agentStore } from './agents'
import { replaceById, withoutId } from './by-id'
import { mayWrite, signedIn } from './signed-in'
import { notFound, parseId, parseQuery } from './write-guard'

/** Saved views as the server keeps them; tests reset them with resetViews(). */
export const viewStore = { views: [] as View[], nextId: 1 }

export function resetViews(): void {
  viewStore.views = []
  viewStore.nextId = 1
}

const me = () => ({ id: agentStore.agent.id, username: agentStore.agent.username })

/** A bulk change names only live records, or deleted ones to restore; else a 400 naming the rest. */
function refuseBadIds(
  { ids, action }: { ids: number[]; action: string },
  live: (id: number) => boolean,
  deleted: (id: number) => boolean,
): Response | undefined {
  const bad = ids.filter((id) => !(action === 'restore' ? deleted(id) : live(id)))
  if (bad.length === 0) return undefined
  return HttpResponse.json(
    {
      error: `These records cannot be changed: ${bad.join(', ')}.`,
      fields: { ids: bad.join(', ') },
    },
    { status: 400 },
  )
}

/** API contract "Owners, filters, saved views, bulk changes": the happy paths. */
export const listHandlers: RequestHandler[] = [
  signedIn.get('*/api/agents/directory/', () => {
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
  signedIn.get('*/api/stats/customers-by-country/', () => {
    const counts = new Map<string, number>()
    for (const { country } of mockDb.customers) {
      if (country.trim()) counts.set(country.trim(), (counts.get(country.trim()) ?? 0) + 1)
    }
    const countries = [...counts].map(([country, count]) => ({ country, count }))
    return HttpResponse.json({ countries: countries.sort((a, b) => b.count - a.count) })
  }),
  signedIn.get('*/api/views/', ({ request, userId }) => {
    const query = parseQuery(request, viewListQuerySchema)
    if (query instanceof Response) return query
    const views = viewStore.views
      .filter((view) => view.owner.id === userId || view.shared)
      .filter((view) => !query.screen || view.screen === query.screen)
      .sort((a, b) => a.name.localeCompare(b.name))
    return HttpResponse.json({ Views: views })
  }),
  mayWrite.post('*/api/views/', async ({ request, userId }) => {
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
  mayWrite.put('*/api/views/:id/', async ({ request, params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const body = await parseBody(request, viewInputSchema)
    if (body instanceof Response) return body
    const updated = replaceById(viewStore.views, id, (found) => ({ ...found, ...body }))
    return updated ? HttpResponse.json(updated) : notFound('View')
  }),
  mayWrite.delete('*/api/views/:id/', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const rest = withoutId(viewStore.views, id)
    if (!rest) return notFound('View')
    viewStore.views = rest
    return new HttpResponse(null, { status: 204 })
  }),
  mayWrite.post('*/api/customers/bulk/', async ({ request }) => {
    const body = await parseBody(request, customerBulkInputSchema)
    if (body instanceof Response) return body
    const refused = refuseBadIds(
      body,
      (id) => mockDb.customers.some((c) => c.id === id),
      (id) => mockDb.deletedCustomers.some((d) => d.customer.id === id),
    )
    if (refused) return refused
    const agent = [agentStore.agent, ...mockDb.team].find((a) => a.id === body.owner)
    for (const id of body.ids) {
      if (body.action === 'delete') deleteCustomer(id)
      else if (body.action === 'restore') restoreCustomer(id)
      else {
        const owner = agent ? { id: agent.id, username: agent.username } : null
        replaceById(mockDb.customers, id, (found) => ({
          ...found,
          owner,
          version: found.version + 1,
        }))
      }
    }
    return HttpResponse.json({ changed: body.ids.length })
  }),
  mayWrite.post('*/api/orders/bulk/', async ({ request }) => {
    const body = await parseBody(request, orderBulkInputSchema)
    if (body instanceof Response) return body
    const refused = refuseBadIds(
      body,
      (id) => mockDb.orders.some((o) => o.id === id),
      (id) => mockDb.deletedOrders.some((o) => o.id === id),
    )
    if (refused) return refused
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
