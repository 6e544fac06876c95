import { z } from 'zod'
import { orderStatusSchema } from './order'

export const customersByCitySchema = z.object({
  cities: z.array(z.object({ city: z.string(), count: z.number() })),
})
export type CustomersByCity = z.infer<typeof customersByCitySchema>

/** GET /api/stats/customers-by-country/: largest first, customers without a country left out. */
export const customersByCountrySchema = z.object({
  countries: z.array(z.object({ country: z.string(), count: z.number() })),
})
export type CustomersByCountry = z.infer<typeof customersByCountrySchema>

export const ordersByStatusSchema = z.object({
  statuses: z.array(
    z.object({
      status: orderStatusSchema,
      count: z.number(),
      /** The status's orders' amounts summed, a two-place decimal string. */
      total_amount: z.string(),
    }),
  ),
  total: z.number(),
})
export type OrdersByStatus = z.infer<typeof ordersByStatusSchema>

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
})
export type Health = z.infer<typeof healthSchema>
