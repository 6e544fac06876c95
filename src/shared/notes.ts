import { z } from 'zod'
import { checkAfter, listAnswerSchema, pagingSchema } from './list-query'
import { expectedVersionSchema } from './order'
import { requiredText, text } from './text'

/** A note's kinds, in the composer's order (API contract "Notes"). */
export const NOTE_KINDS = ['note', 'call', 'email', 'meeting'] as const
export type NoteKind = (typeof NOTE_KINDS)[number]
/** The kinds that count as contact with the customer (the summary's `last_contact`). */
export const CONTACT_KINDS: readonly NoteKind[] = ['call', 'email', 'meeting']

export const NOTE_BODY_MAX = 10_000

const KIND_MESSAGE = 'Choose note, call, email or meeting.'
export const UNKNOWN_ORDER = 'Choose an order that exists.'
export const ORDER_OF_OTHER_CUSTOMER = 'This order belongs to another customer.'

export const noteKindSchema = z.enum(NOTE_KINDS, { error: KIND_MESSAGE })

/** Who wrote or did something, as records name an agent. */
export const agentRefSchema = z.object({ id: z.number(), username: z.string() })

export const noteSchema = z.object({
  id: z.number(),
  customer: z.number(),
  order: z.number().nullable(),
  kind: noteKindSchema,
  body: z.string(),
  /** null once the author's account is gone. */
  author: agentRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
})
export type Note = z.infer<typeof noteSchema>

/** An id in a body: a number or a numeric string (as forms send them). */
export function recordIdSchema(message: string) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,15}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).positive(message))
}

const noteBody = requiredText(NOTE_BODY_MAX, 'Write the note.')

/** POST /api/notes/: on a customer, an order (then its customer), or both. */
export const noteCreateInputSchema = z
  .object({
    customer: recordIdSchema('Choose a customer.').optional(),
    order: z.union([z.null(), recordIdSchema(UNKNOWN_ORDER)]).optional(),
    kind: noteKindSchema.default('note'),
    body: noteBody,
  })
  .refine((note) => note.customer !== undefined || (note.order ?? null) !== null, {
    path: ['customer'],
    message: 'Choose a customer.',
  })
export type NoteCreateInput = z.input<typeof noteCreateInputSchema>

/** PUT /api/notes/{id}/: the kind and the text; a note stays on its customer and order. */
export const noteUpdateInputSchema = z.object({
  kind: noteKindSchema.default('note'),
  body: noteBody,
  version: expectedVersionSchema,
})
export type NoteUpdateInput = z.input<typeof noteUpdateInputSchema>
export type NoteData = Omit<z.output<typeof noteUpdateInputSchema>, 'version'>

const listId = (name: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `Use ${name} id, like 12.`)
    .transform(Number)

export const NOTES_ORDERING = '-created_at'

export const noteListQuerySchema = pagingSchema
  .extend({
    customer: listId('a customer').optional(),
    order: listId('an order').optional(),
    /** An agent id, or `me`. */
    author: z
      .union([z.literal('me'), listId('an agent')], { error: 'Use an agent id or me.' })
      .optional(),
    kind: noteKindSchema.optional(),
    search: text(200).optional(),
  })
  .superRefine(checkAfter(NOTES_ORDERING))
export type NoteListQuery = z.output<typeof noteListQuerySchema>

export const noteListSchema = listAnswerSchema('Notes', noteSchema)
export type NoteList = z.infer<typeof noteListSchema>

/** 409: the note changed since the edit began; `current` is how it is now. */
export const noteConflictSchema = z.object({ error: z.string(), current: noteSchema })
