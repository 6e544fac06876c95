import { and, eq, sql } from 'drizzle-orm'
import type { Delivery, DeliveryList, DeliveryQuery, DeliveryStatus } from '#shared/webhooks'
import type { Db } from '../db/client'
import { webhookDeliveries, webhookEvents, webhooks } from '../db/schema-integrations'
import { isoDate } from './iso-date'
import { cappedCount, finishPage, keyText, pageOf, rowsToRead, type Sortable } from './list-page'
import { recordEvents } from './outbox'

const d = webhookDeliveries

const columns = {
  id: d.id,
  event_id: d.eventId,
  type: webhookEvents.type,
  status: sql<DeliveryStatus>`${d.status}`,
  attempts: d.attempts,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  // Only a pending delivery has a next attempt.
  next_attempt_at: sql<
    string | null
  >`case when ${d.status} = 'pending' then ${isoDate(d.nextAttemptAt)} end`,
  delivered_at: sql<string | null>`${isoDate(d.deliveredAt)}`,
  created_at: isoDate(d.createdAt),
}

const sortable: Sortable<'id'> = {
  keys: { id: { expr: d.id, type: 'integer' } },
  id: d.id,
  defaultOrdering: '-id',
}

/** A webhook's deliveries, newest first, read through (webhook_id, id desc). */
export async function listDeliveries(
  db: Db,
  webhookId: number,
  query: DeliveryQuery,
): Promise<DeliveryList> {
  const page = pageOf(sortable, query)
  const mine = eq(d.webhookId, webhookId)
  const total = cappedCount(sql`select 1 from ${d} where ${mine}`)
  const read = await db
    .select({ ...columns, sort_key: keyText(page), total: sql<number>`${total.count}`.as('total') })
    .from(d)
    .innerJoin(webhookEvents, eq(webhookEvents.id, d.eventId))
    .where(and(mine, page.after))
    .orderBy(...page.orderBy)
    .limit(rowsToRead(page))
    .offset(page.offset)
  const { rows, ...rest } = await finishPage(db, page, read, total)
  return { Deliveries: rows satisfies Delivery[], ...rest }
}

export type Resend = 'sent' | 'no webhook' | 'off' | 'no delivery'

async function activeWebhook(db: Db, id: number): Promise<Resend | undefined> {
  const [hook] = await db
    .select({ active: webhooks.active })
    .from(webhooks)
    .where(eq(webhooks.id, id))
  if (!hook) return 'no webhook'
  return hook.active ? undefined : 'off'
}

/** A `ping` event for this webhook alone, through the outbox like any other. */
export async function sendTestEvent(db: Db, webhookId: number): Promise<Resend> {
  return db.transaction(async (tx) => {
    const refused = await activeWebhook(tx, webhookId)
    if (refused) return refused
    await recordEvents(
      tx,
      'ping',
      [{ object: { webhook: webhookId }, changes: {} }],
      null,
      webhookId,
    )
    return 'sent'
  })
}

/** A new delivery (new id) of the same event to the same webhook. */
export async function redeliver(db: Db, webhookId: number, deliveryId: number): Promise<Resend> {
  return db.transaction(async (tx) => {
    const refused = await activeWebhook(tx, webhookId)
    if (refused) return refused
    const added = await tx.execute(sql`
      insert into webhook_deliveries (webhook_id, event_id)
      select webhook_id, event_id from webhook_deliveries
      where id = ${deliveryId} and webhook_id = ${webhookId}
      returning id`)
    return (added as { rows: unknown[] }).rows.length > 0 ? 'sent' : 'no delivery'
  })
}
