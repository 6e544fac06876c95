import type { FastifyInstance } from 'fastify'
import {
  orderCreateInputSchema,
  orderListQuerySchema,
  orderUpdateInputSchema,
  type Order,
  type OrderData,
  type OrderList,
} from '../../shared/order'
import { requireWriter } from '../auth/authenticate'
import type { Db } from '../db/client'
import type { RouteContext } from '../http/context'
import { HttpError, notFound } from '../http/errors'
import { isRowId, parse, parseIdParam } from '../http/validate'
import { customerExists } from '../repositories/customers'
import {
  createOrder,
  deleteOrder,
  findOrder,
  listOrders,
  updateOrder,
} from '../repositories/orders'

type ParsedOrder = Omit<OrderData, 'status'> & { status?: OrderData['status'] | undefined }

/** An order may only point at an existing customer (or, on update, at none). */
async function checkCustomer(db: Db, parsed: ParsedOrder): Promise<OrderData> {
  // The schema always sets status; this guard only keeps the type exact should its
  // inferred type ever say optional (it did while status used refine).
  const { status } = parsed
  if (status === undefined)
    throw new HttpError(400, 'Some fields are not valid.', { status: 'is required' })
  const data = { ...parsed, status }
  if (data.customer === null) return data
  if (!isRowId(data.customer) || !(await customerExists(db, data.customer))) {
    throw new HttpError(400, 'The customer does not exist.', { customer: 'does not exist' })
  }
  return data
}

export function orderRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }
  // The role check runs at onRequest, so a Tester gets 403 whatever the body holds.
  const write = { onRequest: [ctx.authenticate, requireWriter] }

  app.get('/api/orders', read, async (request): Promise<OrderList> => {
    return listOrders(db, parse(orderListQuerySchema, request.query))
  })

  app.post('/api/orders', write, async (request, reply): Promise<Order> => {
    const data = await checkCustomer(db, parse(orderCreateInputSchema, request.body))
    const order = await createOrder(db, data)
    reply.code(201)
    return order
  })

  app.get('/api/orders/:id', read, async (request): Promise<Order> => {
    const order = await findOrder(db, parseIdParam(request.params, 'order'))
    if (!order) throw notFound('order')
    return order
  })

  app.put('/api/orders/:id', write, async (request): Promise<Order> => {
    const id = parseIdParam(request.params, 'order')
    const data = await checkCustomer(db, parse(orderUpdateInputSchema, request.body))
    const order = await updateOrder(db, id, data)
    if (!order) throw notFound('order')
    return order
  })

  app.delete('/api/orders/:id', write, async (request, reply) => {
    if (!(await deleteOrder(db, parseIdParam(request.params, 'order')))) throw notFound('order')
    return reply.code(204).send()
  })
}
