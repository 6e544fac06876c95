import { HttpResponse, type RequestHandler } from 'msw'
import { customerInputSchema, customerListQuerySchema } from '../../../../src/shared/customer'
import { parseBody } from '../auth-check'
import { createCustomer, customerSummary, deleteCustomer, listRows, mockDb } from '../data'
import { replaceById } from './by-id'
import { mayWrite, signedIn } from './signed-in'
import { notFound, parseId, parseQuery } from './write-guard'

/** Happy paths of API.md "Customers" over the in-memory store; failures come from server.use. */
export const customerHandlers: RequestHandler[] = [
  signedIn.get('*/api/customers/', ({ request, userId }) => {
    const query = parseQuery(request, customerListQuerySchema)
    if (query instanceof Response) return query
    const same = (a: string, b: string | undefined) => !b || a.toLowerCase() === b.toLowerCase()
    const owner = query.owner === 'me' ? userId : query.owner
    const day = (c: { date_created: string }) => c.date_created.slice(0, 10)
    // API contract "Owners, filters …": every filter combined with the search.
    const filtered = mockDb.customers
      .filter((c) => owner === undefined || (owner === 'none' ? !c.owner : c.owner?.id === owner))
      .filter((c) => same(c.city, query.city) && same(c.country, query.country))
      .filter((c) => !query.created_from || day(c) >= query.created_from)
      .filter((c) => !query.created_to || day(c) <= query.created_to)
    const { rows, ...answer } = listRows(filtered, query, (c) => [
      c.name,
      c.email,
      c.city,
      c.country,
      c.phone,
    ])
    return HttpResponse.json({ Customers: rows, ...answer })
  }),
  mayWrite.post('*/api/customers/', async ({ request }) => {
    const body = await parseBody(request, customerInputSchema)
    if (body instanceof Response) return body
    return HttpResponse.json(createCustomer(body), { status: 201 })
  }),
  signedIn.get('*/api/customers/:id/summary/', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const summary = customerSummary(id)
    return summary ? HttpResponse.json(summary) : notFound('Customer')
  }),
  signedIn.get('*/api/customers/:id', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const found = mockDb.customers.find((c) => c.id === id)
    return found ? HttpResponse.json(found) : notFound('Customer')
  }),
  mayWrite.put('*/api/customers/:id', async ({ request, params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const body = await parseBody(request, customerInputSchema)
    if (body instanceof Response) return body
    // The body's `version` is the one the edit started from; the stored one moves on.
    const updated = replaceById(mockDb.customers, id, (existing) => ({
      ...existing,
      ...body,
      owner: existing.owner,
      version: existing.version + 1,
    }))
    return updated ? HttpResponse.json(updated) : notFound('Customer')
  }),
  mayWrite.delete('*/api/customers/:id', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    return deleteCustomer(id) ? new HttpResponse(null, { status: 204 }) : notFound('Customer')
  }),
]
