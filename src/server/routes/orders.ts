import { isRowId } from '#shared/constants'
import { idParamsSchema } from '#shared/list-query'
import {
  orderCreateInputSchema,
  orderListQuerySchema,
  orderConflictSchema,
  orderListSchema,
  orderSchema,
  orderUpdateInputSchema,
  UNKNOWN_CUSTOMER,
  type OrderData,
} from '#shared/order'
import { changeActorOf, requireWriter } from '../auth/authenticate'
import type { Db } from '../db/client'
import type { RouteContext } from '../http/context'
import { found, HttpError, notFound } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import { customerExists } from '../repositories/customers'
import {
  createOrder,
  deleteOrder,
  findOrder,
  listOrders,
  restoreOrder,
  updateOrder,
} from '../repositories/orders'

const doc = (summary: string) => describe('Orders', summary)

const STALE_ORDER =
  'Someone else changed this order since you opened it. Reload it to see their changes.'

/** An order may only point at an existing customer (or, on update, at none). */
async function checkCustomer(db: Db, data: OrderData): Promise<OrderData> {
  if (data.customer === null) return data
  if (!isRowId(data.customer) || !(await customerExists(db, data.customer))) {
    throw new HttpError(400, 'The customer does not exist.', { customer: UNKNOWN_CUSTOMER })
  }
  return data
}

export function orderRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }
  // The role check runs at onRequest, so a Tester gets 403 whatever the body holds.
  const write = { onRequest: [ctx.authenticate, requireWriter] }
  const oneOrder = { preHandler: rowIdOr404('order') }

  app.get(
    '/api/orders',
    {
      ...read,
      schema: {
        ...doc('List orders'),
        querystring: orderListQuerySchema,
        response: answers({ 200: orderListSchema }),
      },
    },
    (request) => listOrders(db, request.query),
  )

  app.post(
    '/api/orders',
    {
      ...write,
      schema: {
        ...doc('Create an order'),
        body: orderCreateInputSchema,
        response: answers({ 201: orderSchema }),
      },
    },
    async (request, reply) => {
      const data = await checkCustomer(db, request.body)
      const order = await createOrder(db, data, changeActorOf(request))
      return reply.code(201).send(order)
    },
  )

  app.get(
    '/api/orders/:id',
    {
      ...read,
      ...oneOrder,
      schema: {
        ...doc('Read an order'),
        params: idParamsSchema,
        response: answers({ 200: orderSchema }),
      },
    },
    async (request) => found(await findOrder(db, request.params.id), 'order'),
  )

  app.put(
    '/api/orders/:id',
    {
      ...write,
      ...oneOrder,
      schema: {
        ...doc('Change an order (with `version`: 409 if it changed since)'),
        params: idParamsSchema,
        body: orderUpdateInputSchema,
        response: answers({ 200: orderSchema, 409: orderConflictSchema }),
      },
    },
    async (request, reply) => {
      const { version, ...body } = request.body
      const data = await checkCustomer(db, body)
      const actor = changeActorOf(request)
      const updated = found(await updateOrder(db, request.params.id, data, actor, version), 'order')
      if (!updated.conflict) return updated.record
      return reply.code(409).send({ error: STALE_ORDER, current: updated.record })
    },
  )

  app.delete(
    '/api/orders/:id',
    {
      ...write,
      ...oneOrder,
      schema: {
        ...doc('Delete an order'),
        params: idParamsSchema,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      if (!(await deleteOrder(db, request.params.id, changeActorOf(request)))) {
        throw notFound('order')
      }
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/orders/:id/restore',
    {
      ...write,
      ...oneOrder,
      schema: {
        ...doc('Restore a deleted order'),
        params: idParamsSchema,
        response: answers({ 200: orderSchema }),
      },
    },
    async (request) =>
      found(await restoreOrder(db, request.params.id, changeActorOf(request)), 'deleted order'),
  )
}
