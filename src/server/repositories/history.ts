import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import {
  HISTORY_ENTITIES,
  SHARED_HISTORY_ENTITIES,
  type HistoryAction,
  type HistoryChanges,
  type HistoryEntity,
  type HistoryEntry,
  type HistoryQuery,
} from '#shared/history'
import type { Db } from '../db/client'
import { history } from '../db/schema'
import { isoDate } from './iso-date'
import { eventTypeOf, recordEvent } from './outbox'
import {
  cappedCount,
  finishPage,
  keptCount,
  keyText,
  pageOf,
  rowsToRead,
  type ListRows,
  type Sortable,
} from './list-page'

/**
 * Who made a change: an agent (with the API key's name when it used one), or null for the
 * operator's command line.
 */
export type ChangeActor = { id: number; username: string; key?: string } | null

/** An update's outcome: the record now, and whether it was refused as a stale edit. */
export interface Updated<T> {
  record: T
  conflict: boolean
}

export interface Change {
  action: HistoryAction
  entity: HistoryEntity
  entityId: number | null
  summary: string
  changes: HistoryChanges
  /** A note's or a task's customer: its live event names it (API contract "Notes"). */
  customer?: number | null
  /**
   * The record as the API shows it after the change (before it, for a delete): given, the
   * change's webhook event is written too, when an active webhook wants it (outbox.ts).
   */
  object?: Record<string, unknown>
}

// Only Admins see these entities' entries; no other agent's live stream hears of them.
const ADMIN_ONLY: readonly HistoryEntity[] = ['api_key', 'webhook']

/** Every committed change is announced on this channel (API.md "Live changes"). */
export const CHANGES_CHANNEL = 'crm_changes'

/**
 * Writes one history entry and announces the change; call it with the transaction that
 * makes the change. NOTIFY is delivered at commit, and never for a rolled-back change,
 * to every server listening on the database.
 */
export async function recordChange(tx: Db, actor: ChangeActor, change: Change): Promise<void> {
  await tx.insert(history).values({
    actorId: actor?.id ?? null,
    actorUsername: actor?.username ?? null,
    actorKey: actor?.key ?? null,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    summary: change.summary,
    changes: change.changes,
  })
  const announced = {
    entity: change.entity,
    id: change.entityId,
    action: change.action,
    ...(change.customer === undefined ? {} : { customer: change.customer }),
  }
  if (!ADMIN_ONLY.includes(change.entity)) {
    await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(announced)})`)
  }
  const type = eventTypeOf(change.entity, change.action)
  if (change.object && type) await recordEvent(tx, type, change.object, change.changes, actor)
}

/** `{ field: [before, after] }` for the fields whose value differs. */
export function diff<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): HistoryChanges {
  const changes: HistoryChanges = {}
  for (const [field, value] of Object.entries(after)) {
    if (value !== undefined && before[field] !== value) changes[field] = [before[field], value]
  }
  return changes
}

/** A created record's fields as `[null, value]`, a deleted one's as `[value, null]`. */
export function whole(
  record: Record<string, unknown>,
  side: 'created' | 'deleted',
): HistoryChanges {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([field]) => field !== 'id' && field !== 'date_created')
      .map(([field, value]) => [field, side === 'created' ? [null, value] : [value, null]]),
  )
}

const shown = (value: unknown): string =>
  value === null || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value)

/** "city London → Leeds, phone — → 555" for the summary line. */
export function describeChanges(changes: HistoryChanges): string {
  return Object.entries(changes)
    .map(([field, [before, after]]) => `${field} ${shown(before)} → ${shown(after)}`)
    .join(', ')
}

/** Who may see what (API.md): everyone the customers and orders, agents only their own. */
export interface HistoryViewer {
  id: number
  admin: boolean
}

const columns = {
  id: history.id,
  at: isoDate(history.at),
  actorId: history.actorId,
  actorUsername: history.actorUsername,
  actorKey: history.actorKey,
  action: sql<HistoryAction>`${history.action}`,
  entity: sql<HistoryEntity>`${history.entity}`,
  entity_id: history.entityId,
  summary: history.summary,
  changes: sql<HistoryChanges>`${history.changes}`,
}

const sortable: Sortable<'at'> = {
  keys: { at: { expr: history.at, type: 'timestamptz' } },
  id: history.id,
  defaultOrdering: '-at',
}

function visible(viewer: HistoryViewer): SQL | undefined {
  if (viewer.admin) return undefined
  return or(
    inArray(history.entity, [...SHARED_HISTORY_ENTITIES]),
    and(eq(history.entity, 'agent'), eq(history.entityId, viewer.id)),
  )
}

/** The list's total: kept per entity where no filter narrows it, counted otherwise. */
function totalOf(query: HistoryQuery, viewer: HistoryViewer, where: SQL | undefined) {
  const narrowed = query.entity_id !== undefined || query.actor !== undefined || query.action
  if (narrowed) return cappedCount(sql`select 1 from ${history} where ${where ?? sql`true`}`)
  const ownAgentEntries = sql`(select count(*)::int from ${history}
    where ${history.entity} = 'agent' and ${history.entityId} = ${viewer.id})`
  if (viewer.admin) return keptCount('history', query.entity ?? HISTORY_ENTITIES)
  if (query.entity === 'agent') return { count: sql<number>`${ownAgentEntries}`, capped: false }
  const shared = keptCount('history', query.entity ?? SHARED_HISTORY_ENTITIES)
  if (query.entity) return shared
  return { count: sql<number>`(${shared.count} + ${ownAgentEntries})`, capped: false }
}

/** Newest first, filtered, within what the viewer may see. */
export async function listHistory(
  db: Db,
  query: HistoryQuery,
  viewer: HistoryViewer,
): Promise<{ History: HistoryEntry[] } & Omit<ListRows<HistoryEntry>, 'rows'>> {
  const page = pageOf(sortable, query)
  const where = and(
    visible(viewer),
    query.entity ? eq(history.entity, query.entity) : undefined,
    query.entity_id === undefined ? undefined : eq(history.entityId, query.entity_id),
    query.actor === undefined ? undefined : eq(history.actorId, query.actor),
    query.action ? eq(history.action, query.action) : undefined,
  )
  const total = totalOf(query, viewer, where)
  const read = await db
    .select({
      ...columns,
      sort_key: keyText(page),
      total: sql<number>`${total.count}`.as('total'),
    })
    .from(history)
    .where(and(where, page.after))
    .orderBy(...page.orderBy)
    .limit(rowsToRead(page))
    .offset(page.offset)
  const { rows, ...rest } = await finishPage(db, page, read, total)
  return {
    History: rows.map(({ actorId, actorUsername, actorKey, ...entry }) => ({
      ...entry,
      actor:
        actorId === null
          ? null
          : { id: actorId, username: actorUsername ?? '', ...(actorKey ? { key: actorKey } : {}) },
    })),
    ...rest,
  }
}
