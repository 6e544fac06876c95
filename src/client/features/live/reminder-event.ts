import { reminderEventSchema, type ReminderEvent } from '#shared/reminders'
import type { ServerSentEvent } from './event-stream'

/** `event: reminder` of GET /api/events/ (API contract "Reminders"), or null for anything else. */
export function toReminder({ event, data }: ServerSentEvent): ReminderEvent | null {
  if (event !== 'reminder') return null
  try {
    const parsed = reminderEventSchema.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
