import { z } from 'zod'
import { checkAfter, listAnswerSchema, pagingSchema } from './list-query'

export const HISTORY_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'import',
  'role',
  'active',
  'password',
  '2fa',
] as const
export type HistoryAction = (typeof HISTORY_ACTIONS)[number]

export const HISTORY_ENTITIES = [
  'customer',
  'order',
  'agent',
  'note',
  'task',
  'api_key',
  'webhook',
] as const
/** What Agents and Testers see of the history: everything but agents (only their own). */
export const SHARED_HISTORY_ENTITIES = ['customer', 'order', 'note', 'task'] as const
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number]

/** `{ field: [before, after] }` for the fields a change touched (API.md "History"). */
export const historyChangesSchema = z.record(z.string(), z.tuple([z.unknown(), z.unknown()]))
export type HistoryChanges = z.infer<typeof historyChangesSchema>

export const historyEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** null: the operator's command line; `key`: the API key's name when one was used. */
  actor: z.object({ id: z.number(), username: z.string(), key: z.string().optional() }).nullable(),
  action: z.enum(HISTORY_ACTIONS),
  entity: z.enum(HISTORY_ENTITIES),
  entity_id: z.number().nullable(),
  summary: z.string(),
  changes: historyChangesSchema,
})
export type HistoryEntry = z.infer<typeof historyEntrySchema>

const id = (name: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${name} must be a whole number`)
    .transform(Number)

export const HISTORY_ORDERING = '-at'

export const historyQuerySchema = pagingSchema
  .extend({
    entity: z
      .enum(HISTORY_ENTITIES, { error: `entity must be one of ${HISTORY_ENTITIES.join(', ')}` })
      .optional(),
    entity_id: id('entity_id').optional(),
    actor: id('actor').optional(),
    action: z
      .enum(HISTORY_ACTIONS, { error: `action must be one of ${HISTORY_ACTIONS.join(', ')}` })
      .optional(),
  })
  .superRefine(checkAfter(HISTORY_ORDERING))
export type HistoryQuery = z.output<typeof historyQuerySchema>

export const historyListSchema = listAnswerSchema('History', historyEntrySchema)
export type HistoryList = z.infer<typeof historyListSchema>
