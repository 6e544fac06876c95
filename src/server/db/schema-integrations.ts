import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { agents, roles } from './schema'

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' })

/** Keys other programs sign in with: only a hash of the secret is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdById: integer('created_by_id').references(() => agents.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
    lastUsedAt: moment('last_used_at'),
    expiresAt: moment('expires_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash)],
)

/** Where events are sent, signed with `secret` (kept: it signs every delivery). */
export const webhooks = pgTable('webhooks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  secret: text('secret').notNull(),
  createdById: integer('created_by_id').references(() => agents.id, { onDelete: 'set null' }),
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
})

/**
 * The outbox: one event per change, written in the change's transaction. `seq` is given
 * as the transaction commits (in commit order); deliveries follow it.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    seq: bigint('seq', { mode: 'number' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_events_seq_idx').on(t.seq)],
)

/** One event to one webhook: its attempts, and when the next is due. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    // While one server is sending it: no other server takes it before this time.
    lockedUntil: moment('locked_until'),
    deliveredAt: moment('delivered_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id.desc()),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
)
