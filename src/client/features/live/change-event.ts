import { z } from 'zod'
import type { Change } from '../../lib/refresh-after-change'
import type { ServerSentEvent } from './event-stream'

/** `event: change` of GET /api/events/ (API.md "Live changes"). */
const changeSchema: z.ZodType<Change> = z.object({
  entity: z.enum(['customer', 'order', 'note', 'task']),
  id: z.number().int().nullable(),
  action: z.string(),
  customer: z.number().int().nullable().optional(),
})

/** The change an event tells of, or null for anything else (a future entity, a bad line). */
export function toChange({ event, data }: ServerSentEvent): Change | null {
  if (event !== 'change') return null
  try {
    const parsed = changeSchema.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
