import { z } from 'zod'
import { orderStatusSchema } from './order'

export const customersByCitySchema = z.object({
  cities: z.array(z.object({ city: z.string(), count: z.number() })),
})
export type CustomersByCity = z.infer<typeof customersByCitySchema>

export const ordersByStatusSchema = z.object({
  statuses: z.array(z.object({ status: orderStatusSchema, count: z.number() })),
  total: z.number(),
})
export type OrdersByStatus = z.infer<typeof ordersByStatusSchema>

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
})
export type Health = z.infer<typeof healthSchema>
