import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { HistoryChanges } from '#shared/history'
import type { CreatedWebhook, Webhook } from '#shared/webhooks'
import type { Db } from '../db/client'
import { webhookDeliveries, webhooks } from '../db/schema-integrations'
import { describeChanges, diff, recordChange, whole, type ChangeActor } from './history'
import { isoDate } from './iso-date'

/** The signing secret: `whsec_` then 43 random base64url characters (256 bits). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`

const columns = {
  id: webhooks.id,
  url: webhooks.url,
  events: sql<string[]>`${webhooks.events}`,
  active: webhooks.active,
  created_at: isoDate(webhooks.createdAt),
}

export interface WebhookData {
  url: string
  events: string[]
  active: boolean
}

/** Every webhook, oldest first (a short list an Admin keeps). */
export function listWebhooks(db: Db): Promise<Webhook[]> {
  return db.select(columns).from(webhooks).orderBy(webhooks.id)
}

export async function findWebhook(db: Db, id: number): Promise<Webhook | undefined> {
  const [row] = await db.select(columns).from(webhooks).where(eq(webhooks.id, id))
  return row
}

const recorded = (hook: WebhookData): Record<string, unknown> => ({
  url: hook.url,
  events: hook.events,
  active: hook.active,
})

export function createWebhook(
  db: Db,
  data: WebhookData,
  actor: ChangeActor,
): Promise<CreatedWebhook> {
  const secret = newSecret()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values({ ...data, secret, createdById: actor?.id ?? null })
      .returning(columns)
    if (!row) throw new Error('insert returned no row')
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'webhook',
      entityId: row.id,
      summary: `Webhook ${row.url} added`,
      changes: whole(recorded(row), 'created'),
    })
    return { ...row, secret }
  })
}

/**
 * Changes a webhook; turning it off ends its pending deliveries `failed` in the same
 * transaction, so it sends nothing more. Undefined when there is no such webhook.
 */
export function updateWebhook(
  db: Db,
  id: number,
  data: WebhookData,
  actor: ChangeActor,
): Promise<Webhook | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(webhooks)
      .where(eq(webhooks.id, id))
      .for('update')
    if (!before) return undefined
    const changes: HistoryChanges = diff(recorded(before), recorded(data))
    if (JSON.stringify(before.events) === JSON.stringify(data.events)) delete changes.events
    if (Object.keys(changes).length === 0) return before
    const [row] = await tx
      .update(webhooks)
      .set({ ...data, updatedAt: sql`now()` })
      .where(eq(webhooks.id, id))
      .returning(columns)
    if (!row) throw new Error('update returned no row')
    if (!data.active) await failPending(tx, id, 'The webhook was turned off.')
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'webhook',
      entityId: id,
      summary: `Webhook ${before.url} ${describeChanges(changes)}`,
      changes,
    })
    return row
  })
}

/** Ends a webhook's pending deliveries `failed` (turned off, or its receiver said 410). */
export async function failPending(tx: Db, webhookId: number, reason: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: reason, lockedUntil: null })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')))
}

/** Deletes a webhook and, with it, its deliveries (nothing more is sent). */
export function deleteWebhook(db: Db, id: number, actor: ChangeActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning(columns)
    if (!row) return false
    await recordChange(tx, actor, {
      action: 'delete',
      entity: 'webhook',
      entityId: id,
      summary: `Webhook ${row.url} deleted`,
      changes: whole(recorded(row), 'deleted'),
    })
    return true
  })
}

/**
 * The receiver answered 410 Gone: the webhook is turned off (with its history entry, by
 * no one) and its pending deliveries end `failed`.
 */
export function turnOffGone(db: Db, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhooks)
      .set({ active: false, updatedAt: sql`now()` })
      .where(and(eq(webhooks.id, id), eq(webhooks.active, true)))
      .returning(columns)
    if (!row) return
    await failPending(tx, id, 'The webhook was turned off: its receiver answered 410 Gone.')
    await recordChange(tx, null, {
      action: 'update',
      entity: 'webhook',
      entityId: id,
      summary: `Webhook ${row.url} turned off: its receiver answered 410 Gone`,
      changes: { active: [true, false] },
    })
  })
}
