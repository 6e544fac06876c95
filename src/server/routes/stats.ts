import type { FastifyInstance } from 'fastify'
import type { CustomersByCity, OrdersByStatus } from '../../shared/stats'
import type { RouteContext } from '../http/context'
import { customersByCity, ordersByStatus } from '../repositories/stats'

export function statsRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }

  app.get('/api/stats/customers-by-city', read, async (): Promise<CustomersByCity> => {
    return customersByCity(db)
  })

  app.get('/api/stats/orders-by-status', read, async (): Promise<OrdersByStatus> => {
    return ordersByStatus(db)
  })
}
