import type { FastifyInstance } from 'fastify'
import {
  customerInputSchema,
  customerListQuerySchema,
  type Customer,
  type CustomerList,
} from '../../shared/customer'
import { requireWriter } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { notFound } from '../http/errors'
import { parse, parseIdParam } from '../http/validate'
import {
  createCustomer,
  deleteCustomer,
  findCustomer,
  listCustomers,
  updateCustomer,
} from '../repositories/customers'

export function customerRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }
  // The role check runs at onRequest, so a Tester gets 403 whatever the body holds.
  const write = { onRequest: [ctx.authenticate, requireWriter] }

  app.get('/api/customers', read, async (request): Promise<CustomerList> => {
    return listCustomers(db, parse(customerListQuerySchema, request.query))
  })

  app.post('/api/customers', write, async (request, reply): Promise<Customer> => {
    const customer = await createCustomer(db, parse(customerInputSchema, request.body))
    reply.code(201)
    return customer
  })

  app.get('/api/customers/:id', read, async (request): Promise<Customer> => {
    const customer = await findCustomer(db, parseIdParam(request.params, 'customer'))
    if (!customer) throw notFound('customer')
    return customer
  })

  app.put('/api/customers/:id', write, async (request): Promise<Customer> => {
    const id = parseIdParam(request.params, 'customer')
    const customer = await updateCustomer(db, id, parse(customerInputSchema, request.body))
    if (!customer) throw notFound('customer')
    return customer
  })

  app.delete('/api/customers/:id', write, async (request, reply) => {
    if (!(await deleteCustomer(db, parseIdParam(request.params, 'customer')))) {
      throw notFound('customer')
    }
    return reply.code(204).send()
  })
}
