import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Note, NoteData, NoteKind } from '#shared/notes'
import type { Db } from '../db/client'
import { customers } from '../db/schema'
import { notes } from '../db/schema-follow-ups'
import { customerShown } from './follow-up-parts'
import { diff, recordChange, whole, type ChangeActor, type Updated } from './history'
import { findNote } from './notes'

/** A new note: on a customer, and maybe one of its orders (the route checked both). */
export interface NewNote {
  customer: number
  order: number | null
  kind: NoteKind
  body: string
}

const KIND_WORD: Record<NoteKind, string> = {
  note: 'Note',
  call: 'Call',
  email: 'Email',
  meeting: 'Meeting',
}

/** "Call #5 on Ada Lovelace": what a history summary calls a note. */
async function named(tx: Db, note: Pick<Note, 'id' | 'kind' | 'customer'>): Promise<string> {
  const [customer] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, note.customer))
  return `${KIND_WORD[note.kind]} #${note.id} on ${customer?.name ?? 'a customer'}`
}

const recorded = (note: Note) => ({
  customer: note.customer,
  order: note.order,
  kind: note.kind,
  body: note.body,
})

async function readBack(tx: Db, id: number): Promise<Note> {
  const note = await findNote(tx, id)
  if (!note) throw new Error(`note ${id} vanished`)
  return note
}

export function createNote(db: Db, data: NewNote, actor: ChangeActor): Promise<Note> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notes)
      .values({
        customerId: data.customer,
        orderId: data.order,
        kind: data.kind,
        body: data.body,
        authorId: actor?.id ?? null,
      })
      .returning({ id: notes.id })
    if (!row) throw new Error('insert returned no row')
    const note = await readBack(tx, row.id)
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'note',
      entityId: note.id,
      summary: `${await named(tx, note)} added`,
      changes: whole(recorded(note), 'created'),
      customer: note.customer,
      object: note,
    })
    return note
  })
}

/** Changes a shown note's kind and text; with `expected`, a stale edit is a conflict. */
export function updateNote(
  db: Db,
  id: number,
  data: NoteData,
  actor: ChangeActor,
  expected?: number,
): Promise<Updated<Note> | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.id, id), isNull(notes.deletedAt)))
      .for('update')
    const before = locked && (await findNote(tx, id))
    if (!before) return undefined
    if (expected !== undefined && expected !== before.version) {
      return { record: before, conflict: true }
    }
    const changes = diff(recorded(before), data)
    if (Object.keys(changes).length === 0) return { record: before, conflict: false }
    await tx
      .update(notes)
      .set({ ...data, updatedAt: sql`now()`, version: sql`${notes.version} + 1` })
      .where(eq(notes.id, id))
    const note = await readBack(tx, id)
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'note',
      entityId: id,
      summary: `${await named(tx, note)} edited`,
      changes,
      customer: note.customer,
      object: note,
    })
    return { record: note, conflict: false }
  })
}

/** Deletes (`deleted`) or restores a note, reversibly; false when there was none to change. */
export function setNoteDeleted(
  db: Db,
  id: number,
  deleted: boolean,
  actor: ChangeActor,
): Promise<Note | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notes)
      .set({ deletedAt: deleted ? sql`now()` : null })
      .where(
        and(
          eq(notes.id, id),
          deleted ? isNull(notes.deletedAt) : isNotNull(notes.deletedAt),
          customerShown(notes.customerId),
        ),
      )
      .returning({ id: notes.id })
    if (!row) return undefined
    const note = await findNote(tx, id, { deleted })
    if (!note) throw new Error(`note ${id} vanished`)
    await recordChange(tx, actor, {
      action: deleted ? 'delete' : 'restore',
      entity: 'note',
      entityId: id,
      summary: `${await named(tx, note)} ${deleted ? 'deleted' : 'restored'}`,
      changes: whole(recorded(note), deleted ? 'deleted' : 'created'),
      customer: note.customer,
      object: note,
    })
    return note
  })
}
