import { z } from 'zod'
import { listAnswerSchema, pagingSchema, checkAfter } from './list-query'
import { taskSchema } from './tasks'

/** A reminder raised for a task's assignee (API contract "Reminders"). */
export const reminderSchema = z.object({
  id: z.number(),
  /** The task as it is now: done or snoozed since shows here. */
  task: taskSchema,
  raised_at: z.string(),
  seen_at: z.string().nullable(),
})
export type Reminder = z.infer<typeof reminderSchema>

export const REMINDERS_ORDERING = '-raised_at'

export const reminderListQuerySchema = pagingSchema.superRefine(checkAfter(REMINDERS_ORDERING))
export type ReminderListQuery = z.output<typeof reminderListQuerySchema>

export const reminderListSchema = listAnswerSchema('Reminders', reminderSchema).extend({
  /** The agent's reminders not seen yet (of tasks not hidden). */
  unseen: z.number(),
})
export type ReminderList = z.infer<typeof reminderListSchema>

export const allSeenSchema = z.object({ unseen: z.literal(0) })

/** What `event: reminder` carries on the assignee's event streams. */
export const reminderEventSchema = z.object({ id: z.number(), task: taskSchema })
export type ReminderEvent = z.infer<typeof reminderEventSchema>
