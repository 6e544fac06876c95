import {
  customerInputSchema,
  customerListQuerySchema,
  customerListSchema,
  customerConflictSchema,
  customerSchema,
  customerSummarySchema,
  type CustomerData,
} from '#shared/customer'
import { idParamsSchema } from '#shared/list-query'
import type { z } from 'zod'
import { actorOf, changeActorOf, requireWriter } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { found, notFound } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import { checkedOwner, ownerMeAs } from './owner-check'
import { customerSummary } from '../repositories/customer-summary'
import {
  createCustomer,
  deleteCustomer,
  findCustomer,
  listCustomers,
  restoreCustomer,
  updateCustomer,
} from '../repositories/customers'

type CustomerBody = z.output<typeof customerInputSchema>

const doc = (summary: string) => describe('Customers', summary)

/** The customer's own fields of a body: the owner and the version are handled apart. */
const fieldsOf = ({ owner: _owner, version: _version, ...data }: CustomerBody): CustomerData => data

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
    (request) => listCustomers(db, ownerMeAs(request.query, actorOf(request).id)),
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
    async (request, reply) => {
      const { owner } = request.body
      const actor = changeActorOf(request)
      // Left out, the owner is the creator (an API key's: the agent who made it).
      const ownerId = owner === undefined ? actor.id : await checkedOwner(db, owner)
      const created = await createCustomer(db, fieldsOf(request.body), actor, ownerId ?? null)
      return reply.code(201).send(created)
    },
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
      const { version, owner } = request.body
      const actor = changeActorOf(request)
      const change = { data: fieldsOf(request.body), ownerId: await checkedOwner(db, owner) }
      const updated = found(
        await updateCustomer(db, request.params.id, change, actor, version),
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
