import { HttpResponse, type RequestHandler } from 'msw'
import {
  orderCreateInputSchema,
  orderListQuerySchema,
  orderUpdateInputSchema,
  UNKNOWN_CUSTOMER,
} from '../../../../src/shared/order'
import type { OrderStatus } from '../../../../src/shared/constants'
import type { OrderData } from '../../../../src/shared/order'
import { parseBody } from '../auth-check'
import { createOrder, listRows, mockDb, withCustomerName } from '../data'
import { replaceById, withoutId } from './by-id'
import { mayWrite, signedIn } from './signed-in'
import { notFound, parseId, parseQuery } from './write-guard'

// The shared status schema's inferred output still admits undefined, though it never is.
function toOrderData(body: {
  customer: number | null
  status?: OrderStatus | undefined
  total_Amount: string
}): OrderData {
  if (body.status === undefined) throw new Error('status is required by the schema')
  return { customer: body.customer, status: body.status, total_Amount: body.total_Amount }
}

// API.md: an unknown customer id is a 400.
const unknownCustomer = (data: OrderData) =>
  data.customer !== null && !mockDb.customers.some((c) => c.id === data.customer)
    ? HttpResponse.json(
        { error: 'The customer does not exist.', fields: { customer: UNKNOWN_CUSTOMER } },
        { status: 400 },
      )
    : undefined

/** `created_from` / `created_to`: the order's day in `tz`, both ends included. */
function createdBetween(
  date: string,
  query: {
    created_from?: string | undefined
    created_to?: string | undefined
    tz?: string | undefined
  },
): boolean {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: query.tz ?? 'UTC' }).format(
    new Date(date),
  )
  return (
    (!query.created_from || day >= query.created_from) &&
    (!query.created_to || day <= query.created_to)
  )
}

/** Happy paths of API.md "Orders" over the in-memory store; failures come from server.use. */
export const orderHandlers: RequestHandler[] = [
  signedIn.get('*/api/orders/', ({ request }) => {
    const query = parseQuery(request, orderListQuerySchema)
    if (query instanceof Response) return query
    const filtered = mockDb.orders
      .map(withCustomerName)
      .filter((o) => (query.status ? query.status.includes(o.status) : true))
      .filter((o) => (query.customer !== undefined ? o.customer === query.customer : true))
      .filter((o) => createdBetween(o.date_created, query))
      .filter((o) => !query.amount_min || Number(o.total_Amount) >= Number(query.amount_min))
      .filter((o) => !query.amount_max || Number(o.total_Amount) <= Number(query.amount_max))
    const { rows, ...answer } = listRows(filtered, query, (o) => [
      String(o.id),
      o.customer_name ?? '',
      o.status,
    ])
    return HttpResponse.json({ Orders: rows, ...answer })
  }),
  mayWrite.post('*/api/orders/', async ({ request }) => {
    const body = await parseBody(request, orderCreateInputSchema)
    if (body instanceof Response) return body
    const data = toOrderData(body)
    return unknownCustomer(data) ?? HttpResponse.json(createOrder(data), { status: 201 })
  }),
  signedIn.get('*/api/orders/:id', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const found = mockDb.orders.find((o) => o.id === id)
    return found ? HttpResponse.json(withCustomerName(found)) : notFound('Order')
  }),
  mayWrite.put('*/api/orders/:id', async ({ request, params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const body = await parseBody(request, orderUpdateInputSchema)
    if (body instanceof Response) return body
    const data = toOrderData(body)
    const bad = unknownCustomer(data)
    if (bad) return bad
    const updated = replaceById(mockDb.orders, id, (existing) => ({
      ...existing,
      ...data,
      version: existing.version + 1,
    }))
    return updated ? HttpResponse.json(withCustomerName(updated)) : notFound('Order')
  }),
  mayWrite.delete('*/api/orders/:id', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const rest = withoutId(mockDb.orders, id)
    if (!rest) return notFound('Order')
    mockDb.orders = rest
    return new HttpResponse(null, { status: 204 })
  }),
]
