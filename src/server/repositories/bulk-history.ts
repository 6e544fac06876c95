import { sql } from 'drizzle-orm'
import { isRowId } from '#shared/constants'
import type { HistoryAction, HistoryChanges } from '#shared/history'
import type { Db } from '../db/client'
import { CHANGES_CHANNEL, type ChangeActor } from './history'
import { eventTypeOf, recordEvents } from './outbox'

/** One record's part of a bulk change: its history entry and its webhook event. */
export interface BulkEntry {
  entityId: number
  summary: string
  changes: HistoryChanges
  /** The record as the API shows it (before a delete, after anything else). */
  object: Record<string, unknown>
}

/** What one bulk action did: the ids it changed and their records' parts. */
export interface BulkDone {
  entries: BulkEntry[]
  done: number[]
}

/** A bulk change refused: these ids are unknown or not in the state the action needs. */
class BulkRefused extends Error {
  constructor(readonly ids: number[]) {
    super('bulk change refused')
  }
}

/** The asked ids missing from `done`, in the order asked. */
function missing(asked: number[], done: Iterable<number>): number[] {
  const found = new Set(done)
  return asked.filter((id) => !found.has(id))
}

/**
 * A bulk change in one transaction (API contract "Bulk changes"): `change` runs on the
 * asked ids, and every id changes, or none does and the ids that are unknown or not in the
 * state the action needs come back. The records are kept as recordBulk says.
 */
export async function changeAll(
  db: Db,
  asked: number[],
  record: { actor: ChangeActor; entity: 'customer' | 'order'; action: HistoryAction },
  change: (tx: Db, ids: number[]) => Promise<BulkDone>,
): Promise<{ changed: number } | { refused: number[] }> {
  const ids = asked.filter(isRowId)
  if (ids.length < asked.length) return { refused: missing(asked, ids) }
  try {
    return await db.transaction(async (tx) => {
      const { entries, done } = await change(tx, ids)
      if (done.length < ids.length) throw new BulkRefused(missing(ids, done))
      await recordBulk(tx, record.actor, record.entity, record.action, entries)
      return { changed: ids.length }
    })
  } catch (error) {
    if (error instanceof BulkRefused) return { refused: error.ids }
    throw error
  }
}

/**
 * A bulk change's records (API contract "Bulk changes"): one history entry each, written
 * in one statement, one webhook event each, and ONE live event for them all
 * (`{ entity, id: null, action: 'bulk' }`), delivered at commit.
 */
async function recordBulk(
  tx: Db,
  actor: ChangeActor,
  entity: 'customer' | 'order',
  action: HistoryAction,
  entries: BulkEntry[],
): Promise<void> {
  if (entries.length === 0) return
  const rows = entries.map((e) => ({
    entity_id: e.entityId,
    summary: e.summary,
    changes: e.changes,
  }))
  await tx.execute(sql`
    insert into history (actor_id, actor_username, actor_key, action, entity, entity_id, summary, changes)
    select ${actor?.id ?? null}::integer, ${actor?.username ?? null}::text, ${actor?.key ?? null}::text,
           ${action}, ${entity}, (r.value ->> 'entity_id')::integer, r.value ->> 'summary',
           r.value -> 'changes'
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality r(value, n)
    order by r.n`)
  const announced = { entity, id: null, action: 'bulk' }
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(announced)})`)
  const type = eventTypeOf(entity, action)
  if (type) {
    const records = entries.map((e) => ({ object: e.object, changes: e.changes }))
    await recordEvents(tx, type, records, actor)
  }
}
