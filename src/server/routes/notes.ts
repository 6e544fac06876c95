import { idParamsSchema } from '#shared/list-query'
import {
  noteConflictSchema,
  noteCreateInputSchema,
  noteListQuerySchema,
  noteListSchema,
  noteSchema,
  noteUpdateInputSchema,
  type Note,
} from '#shared/notes'
import { actorOf, changeActorOf, requireWriter, type Actor } from '../auth/authenticate'
import type { Db } from '../db/client'
import type { RouteContext } from '../http/context'
import { forbidden, found } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import { createNote, setNoteDeleted, updateNote } from '../repositories/note-writes'
import { findNote, listNotes } from '../repositories/notes'
import { customerOfOrder, liveCustomer } from './follow-up-refs'

const doc = (summary: string) => describe('Notes', summary)

const STALE_NOTE =
  'Someone else changed this note since you opened it. Reload it to see their changes.'
const NOT_AUTHOR = 'Only the author of a note or an Admin may change it.'

/** The note (shown, or deleted for a restore) when `actor` may change it; else 404 or 403. */
async function changeable(db: Db, id: number, actor: Actor, deleted = false): Promise<Note> {
  const note = found(await findNote(db, id, { deleted }), deleted ? 'deleted note' : 'note')
  if (actor.role !== 'Admin' && note.author?.id !== actor.id) throw forbidden(NOT_AUTHOR)
  return note
}

export function noteRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }
  const write = { onRequest: [ctx.authenticate, requireWriter] }
  const oneNote = { preHandler: rowIdOr404('note') }

  app.get(
    '/api/notes',
    {
      ...read,
      schema: {
        ...doc('List notes, newest first'),
        querystring: noteListQuerySchema,
        response: answers({ 200: noteListSchema }),
      },
    },
    (request) => listNotes(db, request.query, actorOf(request).id),
  )

  app.post(
    '/api/notes',
    {
      ...write,
      schema: {
        ...doc('Add a note to a customer (or one of its orders)'),
        body: noteCreateInputSchema,
        response: answers({ 201: noteSchema }),
      },
    },
    async (request, reply) => {
      const { customer, order = null, kind, body } = request.body
      const owner =
        order === null
          ? await liveCustomer(db, customer ?? 0)
          : await customerOfOrder(db, order, customer)
      // An order whose customer was deleted has none to put the note on.
      const on = owner ?? (await liveCustomer(db, customer ?? 0))
      const note = await createNote(db, { customer: on, order, kind, body }, changeActorOf(request))
      return reply.code(201).send(note)
    },
  )

  app.get(
    '/api/notes/:id',
    {
      ...read,
      ...oneNote,
      schema: {
        ...doc('Read a note'),
        params: idParamsSchema,
        response: answers({ 200: noteSchema }),
      },
    },
    async (request) => found(await findNote(db, request.params.id), 'note'),
  )

  app.put(
    '/api/notes/:id',
    {
      ...write,
      ...oneNote,
      schema: {
        ...doc("Change a note's kind and text (its author or an Admin)"),
        params: idParamsSchema,
        body: noteUpdateInputSchema,
        response: answers({ 200: noteSchema, 409: noteConflictSchema }),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request)
      await changeable(db, request.params.id, actor)
      const { version, ...data } = request.body
      const updated = found(
        await updateNote(db, request.params.id, data, changeActorOf(request), version),
        'note',
      )
      if (!updated.conflict) return updated.record
      return reply.code(409).send({ error: STALE_NOTE, current: updated.record })
    },
  )

  app.delete(
    '/api/notes/:id',
    {
      ...write,
      ...oneNote,
      schema: {
        ...doc('Delete a note (its author or an Admin); it can be restored'),
        params: idParamsSchema,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      await changeable(db, request.params.id, actorOf(request))
      found(await setNoteDeleted(db, request.params.id, true, changeActorOf(request)), 'note')
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/notes/:id/restore',
    {
      ...write,
      ...oneNote,
      schema: {
        ...doc('Restore a deleted note (its author or an Admin)'),
        params: idParamsSchema,
        response: answers({ 200: noteSchema }),
      },
    },
    async (request) => {
      await changeable(db, request.params.id, actorOf(request), true)
      return found(
        await setNoteDeleted(db, request.params.id, false, changeActorOf(request)),
        'deleted note',
      )
    },
  )
}
