import { and, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Note, NoteKind, NoteListQuery } from '#shared/notes'
import type { Db } from '../db/client'
import { agents } from '../db/schema'
import { notes } from '../db/schema-follow-ups'
import { agentRef, customerShown, idOrNothing } from './follow-up-parts'
import { isoDate } from './iso-date'
import {
  cappedCount,
  exactCount,
  finishPage,
  keyText,
  likePattern,
  pageOf,
  rowsToRead,
  type ListRows,
  type Sortable,
} from './list-page'

const author = alias(agents, 'author')

export const noteColumns = {
  id: notes.id,
  customer: notes.customerId,
  order: notes.orderId,
  kind: sql<NoteKind>`${notes.kind}`,
  body: notes.body,
  author: agentRef(author),
  created_at: isoDate(notes.createdAt),
  updated_at: isoDate(notes.updatedAt),
  version: notes.version,
}

/** Not deleted, and its customer not deleted either. */
export const shownNote = and(isNull(notes.deletedAt), customerShown(notes.customerId))

const sortable: Sortable<'created_at'> = {
  keys: { created_at: { expr: notes.createdAt, type: 'timestamptz' } },
  id: notes.id,
  defaultOrdering: '-created_at',
}

function filters(query: NoteListQuery, viewerId: number): SQL | undefined {
  const authorId = query.author === 'me' ? viewerId : query.author
  return and(
    shownNote,
    query.customer === undefined ? undefined : idOrNothing(notes.customerId, query.customer),
    query.order === undefined ? undefined : idOrNothing(notes.orderId, query.order),
    authorId === undefined ? undefined : idOrNothing(notes.authorId, authorId),
    query.kind ? eq(notes.kind, query.kind) : undefined,
    query.search ? ilike(notes.body, likePattern(query.search)) : undefined,
  )
}

/** Newest first (ties by id, higher first), from the index of the filter given. */
export async function listNotes(
  db: Db,
  query: NoteListQuery,
  viewerId: number,
): Promise<{ Notes: Note[] } & Omit<ListRows<Note>, 'rows'>> {
  const page = pageOf(sortable, query)
  const where = filters(query, viewerId)
  const matches = sql`select 1 from ${notes} where ${where}`
  const total = query.search ? cappedCount(matches) : exactCount(matches)
  const read = await db
    .select({ ...noteColumns, sort_key: keyText(page), total: sql<number>`${total.count}` })
    .from(notes)
    .leftJoin(author, eq(author.id, notes.authorId))
    .where(and(where, page.after))
    .orderBy(...page.orderBy)
    .limit(rowsToRead(page))
    .offset(page.offset)
  const { rows, ...rest } = await finishPage(db, page, read, total)
  return { Notes: rows, ...rest }
}

/** A shown note; with `deleted`, one that is deleted (for a restore) instead. */
export async function findNote(
  db: Db,
  id: number,
  { deleted = false } = {},
): Promise<Note | undefined> {
  const [row] = await db
    .select(noteColumns)
    .from(notes)
    .leftJoin(author, eq(author.id, notes.authorId))
    .where(
      and(
        eq(notes.id, id),
        deleted ? sql`${notes.deletedAt} is not null` : isNull(notes.deletedAt),
        customerShown(notes.customerId),
      ),
    )
  return row
}

/** The customer page's 'Last contacted': its newest call, email or meeting. */
export async function lastContact(db: Db, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: isoDate(notes.createdAt) })
    .from(notes)
    .where(
      and(eq(notes.customerId, customerId), sql`${notes.kind} <> 'note'`, isNull(notes.deletedAt)),
    )
    .orderBy(sql`${notes.createdAt} desc nulls last`)
    .limit(1)
  return row?.at ?? null
}
