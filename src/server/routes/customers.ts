import {
  customerInputSchema,
  customerListQuerySchema,
  customerListSchema,
  customerConflictSchema,
  customerSchema,
  customerSummarySchema,
} from '#shared/customer'
import { idParamsSchema } from '#shared/list-query'
import { changeActorOf, requireWriter } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { found, notFound } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import { customerSummary } from '../repositories/customer-summary'
import {
  createCustomer,
  deleteCustomer,
  findCustomer,
  listCustomers,
  restoreCustomer,
  updateCustomer,
} from '../repositories/customers'

const doc = (summary: string) => describe('Customers', summary)

const STALE_CUSTOMER =
  'Someone else changed this customer since you opened it. Reload it to see their changes.'

export function customerRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }
  // The role check runs at onRequest, so a Tester gets 403 whatever the body holds.
  const write = { onRequest: [ctx.authenticate, requireWriter] }
  const oneCustomer = { preHandler: rowIdOr404('customer') }

  app.get(
    '/api/customers',
    {
      ...read,
      schema: {
        ...doc('List customers'),
        querystring: customerListQuerySchema,
        response: answers({ 200: customerListSchema }),
      },
    },
    (request) => listCustomers(db, request.query),
  )

  app.post(
    '/api/customers',
    {
      ...write,
      schema: {
        ...doc('Create a customer'),
        body: customerInputSchema,
        response: answers({ 201: customerSchema }),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCustomer(db, request.body, changeActorOf(request))),
  )

  app.get(
    '/api/customers/:id',
    {
      ...read,
      ...oneCustomer,
      schema: {
        ...doc('Read a customer'),
        params: idParamsSchema,
        response: answers({ 200: customerSchema }),
      },
    },
    async (request) => found(await findCustomer(db, request.params.id), 'customer'),
  )

  app.get(
    '/api/customers/:id/summary',
    {
      ...read,
      ...oneCustomer,
      schema: {
        ...doc('A customer with the count, sum, statuses and dates of its orders'),
        params: idParamsSchema,
        response: answers({ 200: customerSummarySchema }),
      },
    },
    async (request) => found(await customerSummary(db, request.params.id), 'customer'),
  )

  app.put(
    '/api/customers/:id',
    {
      ...write,
      ...oneCustomer,
      schema: {
        ...doc('Change a customer (with `version`: 409 if it changed since)'),
        params: idParamsSchema,
        body: customerInputSchema,
        response: answers({ 200: customerSchema, 409: customerConflictSchema }),
      },
    },
    async (request, reply) => {
      const { version, ...data } = request.body
      const actor = changeActorOf(request)
      const updated = found(
        await updateCustomer(db, request.params.id, data, actor, version),
        'customer',
      )
      if (!updated.conflict) return updated.record
      return reply.code(409).send({ error: STALE_CUSTOMER, current: updated.record })
    },
  )

  app.delete(
    '/api/customers/:id',
    {
      ...write,
      ...oneCustomer,
      schema: {
        ...doc('Delete a customer (its orders stay, with no customer)'),
        params: idParamsSchema,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      if (!(await deleteCustomer(db, request.params.id, changeActorOf(request)))) {
        throw notFound('customer')
      }
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/customers/:id/restore',
    {
      ...write,
      ...oneCustomer,
      schema: {
        ...doc('Restore a deleted customer, with its orders'),
        params: idParamsSchema,
        response: answers({ 200: customerSchema }),
      },
    },
    async (request) =>
      found(
        await restoreCustomer(db, request.params.id, changeActorOf(request)),
        'deleted customer',
      ),
  )
}
