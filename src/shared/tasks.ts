import { z } from 'zod'
import { timeZoneSchema } from './calendar'
import { checkAfter, listAnswerSchema, listQuerySchema } from './list-query'
import { agentRefSchema, recordIdSchema, UNKNOWN_ORDER } from './notes'
import { expectedVersionSchema } from './order'
import { optionalText, requiredText } from './text'

export const TASK_TITLE_MAX = 200
export const TASK_DETAILS_MAX = 10_000
/** A snooze moves the reminder 1 minute to 7 days on. */
export const SNOOZE_MINUTES_MAX = 10_080

/** `?due=`: the open tasks, or one bucket of them in the zone `tz` (API contract "Tasks"). */
export const TASK_DUE = ['open', 'overdue', 'today', 'upcoming', 'none'] as const
export type TaskDue = (typeof TASK_DUE)[number]

export const taskSchema = z.object({
  id: z.number(),
  title: z.string(),
  details: z.string(),
  due_at: z.string().nullable(),
  remind_at: z.string().nullable(),
  assignee: agentRefSchema.nullable(),
  customer: z.number().nullable(),
  customer_name: z.string().nullable(),
  order: z.number().nullable(),
  done: z.boolean(),
  done_at: z.string().nullable(),
  created_by: agentRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
})
export type Task = z.infer<typeof taskSchema>

const DATE_TIME_MESSAGE = 'Enter a date and time, like 2026-11-22T09:30:00Z.'

/** An ISO 8601 date-time with an offset (or Z), kept as the instant it names, or null. */
const dateTimeSchema = z
  .union([z.null(), z.iso.datetime({ offset: true, error: DATE_TIME_MESSAGE })], {
    error: DATE_TIME_MESSAGE,
  })
  .transform((value, ctx) => {
    if (value === null) return null
    const instant = new Date(value)
    const year = instant.getUTCFullYear()
    if (Number.isNaN(instant.getTime()) || year < 1000 || year > 9999) {
      ctx.addIssue({ code: 'custom', message: DATE_TIME_MESSAGE })
      return z.NEVER
    }
    return instant.toISOString()
  })

export const TASK_CUSTOMER_MESSAGE = 'Choose a customer.'
export const ASSIGNEE_MESSAGE = 'Choose an agent.'

/**
 * POST and PUT body: every field but the title may be left out and takes its default
 * (a PUT replaces the whole task). `assignee` left out is the agent sending it.
 */
export const taskInputSchema = z.object({
  title: requiredText(TASK_TITLE_MAX, 'Enter a title.'),
  details: optionalText(TASK_DETAILS_MAX),
  due_at: dateTimeSchema.optional().transform((v) => v ?? null),
  remind_at: dateTimeSchema.optional().transform((v) => v ?? null),
  assignee: z.union([z.null(), recordIdSchema(ASSIGNEE_MESSAGE)]).optional(),
  /** Left out with an order: the order's customer. */
  customer: z.union([z.null(), recordIdSchema(TASK_CUSTOMER_MESSAGE)]).optional(),
  order: z
    .union([z.null(), recordIdSchema(UNKNOWN_ORDER)])
    .optional()
    .transform((v) => v ?? null),
  done: z.boolean({ error: 'Send done as true or false.' }).default(false),
  version: expectedVersionSchema,
})
export type TaskInput = z.input<typeof taskInputSchema>
export type TaskData = Omit<z.output<typeof taskInputSchema>, 'version'>
/** POST /api/tasks/: a new task is open. */
export const taskCreateInputSchema = taskInputSchema.omit({ done: true, version: true })
export type TaskCreateInput = z.input<typeof taskCreateInputSchema>

export const snoozeInputSchema = z.object({
  minutes: z
    .number({ error: `Choose 1 to ${SNOOZE_MINUTES_MAX} minutes.` })
    .int(`Choose 1 to ${SNOOZE_MINUTES_MAX} minutes.`)
    .min(1, `Choose 1 to ${SNOOZE_MINUTES_MAX} minutes.`)
    .max(SNOOZE_MINUTES_MAX, `Choose 1 to ${SNOOZE_MINUTES_MAX} minutes.`),
})

const wholeId = (what: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `Use ${what} id, like 12.`)
    .transform(Number)

/** `assignee`: an agent id, `me`, or `all` (everyone's). */
const assigneeParam = z.union([z.enum(['me', 'all']), wholeId('an agent')], {
  error: 'Use an agent id, me or all.',
})

export const TASK_ORDER_FIELDS = ['due_at', 'created_at', 'title', 'done_at'] as const
export type TaskOrderField = (typeof TASK_ORDER_FIELDS)[number]
export const TASKS_ORDERING = 'due_at'

export const taskListQuerySchema = listQuerySchema(TASK_ORDER_FIELDS)
  .extend({
    assignee: assigneeParam.optional(),
    customer: wholeId('a customer').optional(),
    order: wholeId('an order').optional(),
    done: z
      .enum(['true', 'false'], { error: 'Use true or false.' })
      .transform((v) => v === 'true')
      .optional(),
    due: z.enum(TASK_DUE, { error: `Use one of: ${TASK_DUE.join(', ')}.` }).optional(),
    tz: timeZoneSchema,
  })
  .superRefine((query, ctx) => {
    if (query.due !== undefined && query.done === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['due'],
        message: 'Done tasks have no due bucket: leave due out with done=true.',
      })
    }
  })
  .superRefine(checkAfter(TASKS_ORDERING))
export type TaskListQuery = z.output<typeof taskListQuerySchema>

export const taskListSchema = listAnswerSchema('Tasks', taskSchema)
export type TaskList = z.infer<typeof taskListSchema>

export const taskCountsQuerySchema = z.object({
  assignee: assigneeParam.default('me'),
  tz: timeZoneSchema,
})
export type TaskCountsQuery = z.output<typeof taskCountsQuerySchema>

export const taskCountsSchema = z.object({
  open: z.number(),
  overdue: z.number(),
  today: z.number(),
  upcoming: z.number(),
  none: z.number(),
  done: z.number(),
})
export type TaskCounts = z.infer<typeof taskCountsSchema>

/** 409: the task changed since the edit began; `current` is how it is now. */
export const taskConflictSchema = z.object({ error: z.string(), current: taskSchema })
