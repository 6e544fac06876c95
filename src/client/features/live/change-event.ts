import { z } from 'zod'
import type { ServerSentEvent } from './event-stream'

/** `event: change` of GET /api/events/ (API.md "Live changes"). */
const changeSchema = z.object({
  entity: z.enum(['customer', 'order']),
  /** null for an import, which adds many records at once. */
  id: z.number().int().nullable(),
  /** create, update, delete, restore or import; any other is refreshed like an update. */
  action: z.string(),
})
export type Change = z.infer<typeof changeSchema>

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
