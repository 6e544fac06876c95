import {
  customersByCitySchema,
  customersByCountrySchema,
  ordersByStatusSchema,
} from '#shared/stats'
import type { RouteContext } from '../http/context'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { customersByCity, customersByCountry, ordersByStatus } from '../repositories/stats'

export function statsRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }

  app.get(
    '/api/stats/customers-by-city',
    {
      ...read,
      schema: {
        ...describe('Statistics', 'Customers per city, largest first'),
        response: answers({ 200: customersByCitySchema }),
      },
    },
    () => customersByCity(db),
  )

  app.get(
    '/api/stats/customers-by-country',
    {
      ...read,
      schema: {
        ...describe('Statistics', 'Customers per country, largest first (the filter’s choices)'),
        response: answers({ 200: customersByCountrySchema }),
      },
    },
    () => customersByCountry(db),
  )

  app.get(
    '/api/stats/orders-by-status',
    {
      ...read,
      schema: {
        ...describe('Statistics', 'Orders per status with their amounts, and their total'),
        response: answers({ 200: ordersByStatusSchema }),
      },
    },
    () => ordersByStatus(db),
  )
}
