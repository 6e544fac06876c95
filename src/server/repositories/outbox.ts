import { sql } from 'drizzle-orm'
import type { HistoryAction, HistoryChanges, HistoryEntity } from '#shared/history'
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#shared/webhooks'
import type { Db } from '../db/client'

/**
 * The transactional outbox (API contract "API keys and webhooks"): a change's webhook
 * event is written in the change's own transaction, so a rollback sends nothing and a
 * commit is delivered even if the server dies right after. Migration 0014 numbers each
 * event (`seq`) as its transaction commits; jobs/webhooks.ts delivers in that order.
 */

/** Who made the change, as the history names it. */
type EventActor = { id: number; username: string; key?: string } | null

const PAST: Partial<Record<HistoryAction, string>> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  restore: 'restored',
}

/** `customer.updated` for a customer's update; undefined where no event type is listed. */
export function eventTypeOf(
  entity: HistoryEntity,
  action: HistoryAction,
): WebhookEventType | undefined {
  const type = `${entity}.${PAST[action] ?? action}`
  return WEBHOOK_EVENT_TYPES.find((listed) => listed === type)
}

/** The active webhooks that want `type` (SQL); `only`: that one webhook, whatever it wants. */
const subscribers = (type: string, only?: number) =>
  only === undefined
    ? sql`select id from webhooks where active and (events @> ${JSON.stringify([type])}::jsonb
        or events @> ${JSON.stringify([ALL_EVENTS])}::jsonb)`
    : sql`select id from webhooks where active and id = ${only}`

/**
 * Writes one event and a delivery of it to every active webhook that wants its type, in
 * ONE statement; nothing at all when none does. Call it with the change's transaction
 * (recordChange does, for every change that carries its object).
 */
export async function recordEvent(
  tx: Db,
  type: WebhookEventType,
  object: unknown,
  changes: HistoryChanges,
  actor: EventActor,
): Promise<void> {
  await recordEvents(tx, type, [{ object, changes }], actor)
}

/** One event per record (an import, a bulk change), as recordEvent does for one. */
export async function recordEvents(
  tx: Db,
  type: WebhookEventType,
  records: { object: unknown; changes: HistoryChanges }[],
  actor: EventActor,
  only?: number,
): Promise<void> {
  if (records.length === 0) return
  await tx.execute(sql`
    with hooks as (${subscribers(type, only)}),
    events as (
      insert into webhook_events (type, payload)
      select ${type}, jsonb_build_object('object', r.value -> 'object',
        'changes', r.value -> 'changes', 'actor', ${JSON.stringify(actor)}::jsonb)
      from jsonb_array_elements(${JSON.stringify(records)}::jsonb) with ordinality r(value, n)
      where exists (select 1 from hooks)
      order by r.n
      returning id
    )
    insert into webhook_deliveries (webhook_id, event_id)
    select hooks.id, events.id from hooks cross join events
    order by events.id, hooks.id`)
}
