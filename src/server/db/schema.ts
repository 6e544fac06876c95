import { sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  boolean,
  jsonb,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
})

export const agents = pgTable(
  'agents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    // Bumped on every password change; refresh tokens carry it and die when it moves.
    tokenVersion: integer('token_version').notNull().default(0),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    email: text('email').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    city: text('city').notNull().default(''),
    timezone: text('timezone').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // A deactivated agent cannot sign in, and its tokens stop working at once.
    active: boolean('active').notNull().default(true),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'string' }),
    // Two-step sign-in (TOTP): the secret being set up, then the one in use once enabled.
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex('agents_username_lower_idx').on(sql`lower(${t.username})`)],
)

// Deleted rows stay until an operator purges them (undo after delete). The ordering
// indexes end with deleted_at, so a page skips deleted rows without reading the table
// (an index-only scan); they are not partial, because a partial index would offer the
// planner a cheap "every live row" scan it sometimes prefers to the search indexes.

/** Text sorts ignoring case (API.md "Lists at any size"): `lower(field)`, ties by id. */
export const lowered = (column: AnyPgColumn) => sql`lower(${column})`

/** `status` sorts in its workflow order: Pending, Out for delivery, Delivered. */
export const statusRank = (status: AnyPgColumn) =>
  sql`(case ${status} when 'Pending' then 1 when 'Out for delivery' then 2 else 3 end)`

/** Orders by customer id sort the ones with no customer first. */
export const customerKey = (customerId: AnyPgColumn) => sql`coalesce(${customerId}, 0)`

export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    phone: text('phone').notNull().default(''),
    dateCreated: timestamp('date_created', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    // 1 at creation, one more at each update: an edit of an older version is refused.
    version: integer('version').notNull().default(1),
    ownerId: integer('owner_id').references(() => agents.id, { onDelete: 'set null' }),
    // The owner's username in lower case, kept by a trigger: `ordering=owner` reads an index.
    ownerKey: text('owner_key'),
    // The soonest due time of the customer's open tasks, kept by a trigger on tasks.
    nextFollowUp: timestamp('next_follow_up', { withTimezone: true, mode: 'string' }),
    // Every searchable field in lower case, kept by the database: `search` matches it with
    // LIKE (no per-row concatenation or case folding) through its trigram index.
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${customers.name} || ' ' || ${customers.email} || ' ' || ${customers.city} || ' ' || ${customers.country} || ' ' || ${customers.phone})`,
    ),
  },
  (t) => [
    // Every field a list may be ordered by has an index (key, id), so a page of any
    // ordering, however deep, is read from an index instead of sorting the table.
    index('customers_date_idx').on(t.dateCreated.desc(), t.id.desc(), t.deletedAt),
    index('customers_name_idx').on(lowered(t.name), t.id, t.deletedAt),
    index('customers_email_idx').on(lowered(t.email), t.id, t.deletedAt),
    // City and country also filter, with the owner: each index ends with the owner and the
    // column itself (after the unique id, so the order stays), and a filter's count is
    // then read from the index alone (PostgreSQL's index-only scans of an expression
    // index need the column too). Migration 0017.
    index('customers_city_idx').on(lowered(t.city), t.id, t.deletedAt, t.ownerId, t.city),
    index('customers_country_idx').on(lowered(t.country), t.id, t.deletedAt, t.ownerId, t.country),
    index('customers_phone_idx').on(lowered(t.phone), t.id, t.deletedAt),
    index('customers_owner_idx').on(t.ownerId, t.dateCreated.desc(), t.id.desc(), t.deletedAt),
    // Customers without an owner (or a follow-up) come last in both directions.
    index('customers_owner_key_idx').on(t.ownerKey.asc().nullsLast(), t.id, t.deletedAt),
    index('customers_owner_key_desc_idx').on(
      t.ownerKey.desc().nullsLast(),
      t.id.desc(),
      t.deletedAt,
    ),
    index('customers_follow_up_idx').on(t.nextFollowUp.asc().nullsLast(), t.id, t.deletedAt),
    index('customers_follow_up_desc_idx').on(
      t.nextFollowUp.desc().nullsLast(),
      t.id.desc(),
      t.deletedAt,
    ),
    index('customers_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // Orders are searched by their customer's name.
    index('customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // A search of three letters or more finds its rows through the trigram index.
    index('customers_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Every run of two and three characters of a live customer's search_text
    // (search_grams(), migration 0023): a search's count reads the customers holding its
    // runs, not every customer (a trigram index cannot serve two letters).
    index('customers_search_grams_idx')
      .using('gin', sql`search_grams(${t.searchText})`)
      .where(sql`${t.deletedAt} is null`),
  ],
)

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    totalAmount: numeric('total_amount', { precision: 12, scale: 2 }).notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    // While its customer is deleted (and may be restored), the order remembers it here.
    formerCustomerId: integer('former_customer_id').references(() => customers.id, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull().default(1),
    // Its customer's name in lower case ('' without a live customer), kept by triggers on
    // orders and customers: `ordering=customer_name` reads an index instead of a join.
    customerNameKey: text('customer_name_key').notNull().default(''),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('Pending', 'Out for delivery', 'Delivered')`),
    // Newest first; it ends with what a sales report sums (after the unique id, so the
    // order stays), and a period's orders are then read from the index alone (0018).
    index('orders_date_idx').on(
      t.dateCreated.desc(),
      t.id.desc(),
      t.deletedAt,
      t.status,
      t.totalAmount,
      t.customerId,
    ),
    // A customer's orders, newest first (the customer page), and the status filter; it ends
    // with the amount, so a customer's sum over a period reads the index alone (0020).
    index('orders_customer_date_idx').on(
      t.customerId,
      t.dateCreated.desc(),
      t.id.desc(),
      t.deletedAt,
      t.totalAmount,
    ),
    index('orders_status_date_idx').on(t.status, t.dateCreated.desc(), t.id.desc(), t.deletedAt),
    index('orders_rank_idx').on(statusRank(t.status), t.id, t.deletedAt),
    index('orders_amount_idx').on(t.totalAmount, t.id, t.deletedAt),
    index('orders_customer_key_idx').on(customerKey(t.customerId), t.id, t.deletedAt),
    index('orders_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('orders_former_customer_idx')
      .on(t.formerCustomerId)
      .where(sql`${t.formerCustomerId} is not null`),
    index('orders_name_idx').on(t.customerNameKey, t.id, t.deletedAt),
    // A status filter under any ordering walks only that status's rows.
    index('orders_status_amount_idx').on(t.status, t.totalAmount, t.id, t.deletedAt),
    index('orders_status_customer_idx').on(t.status, customerKey(t.customerId), t.id, t.deletedAt),
    index('orders_status_name_idx').on(t.status, t.customerNameKey, t.id, t.deletedAt),
    index('orders_status_id_idx').on(t.status, t.id, t.deletedAt),
    // Migration 0019: the status ordering inside a status filter (the rank is one value there).
    index('orders_status_rank_idx').on(t.status, statusRank(t.status), t.id, t.deletedAt),
  ],
)

/**
 * Totals kept in the same transaction as every write (triggers in the migration), so an
 * unfiltered list, a status filter and both charts read a row instead of counting:
 * scope `customers` and `orders` (name ''), `city` and `status` (name: the value).
 * `amount`: the orders' total amount, kept for scopes `orders` and `status` (0 elsewhere).
 */
export const counters = pgTable(
  'counters',
  {
    scope: text('scope').notNull(),
    name: text('name').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.name] })],
)

/**
 * Login, sign-up and password-change attempts per key in fixed windows, shared by every
 * server on one PostgreSQL (the embedded database counts in process instead).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  // Milliseconds since the epoch, from the server's clock (tests move it).
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  hits: integer('hits').notNull(),
})

/** Every refresh token issued: spent when used once; a second use revokes the agent's. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    // The sign-in (sessions.id) it belongs to; null for tokens issued before sessions.
    sessionId: text('session_id'),
  },
  (t) => [
    index('refresh_tokens_agent_idx').on(t.agentId),
    index('refresh_tokens_session_idx').on(t.sessionId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
)

/**
 * Every change to a customer, an order or an agent, written in the same transaction as
 * the change (API.md "History"): who, when, what, a human summary and the fields'
 * before and after. Never a password or a hash.
 */
export const history = pgTable(
  'history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    // null: the operator's command line. The username is kept as it was then.
    actorId: integer('actor_id').references(() => agents.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username'),
    // The API key's name when the change was made with one (the actor is its creator).
    actorKey: text('actor_key'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    summary: text('summary').notNull(),
    changes: jsonb('changes').notNull().default({}),
  },
  (t) => [
    index('history_at_idx').on(t.at.desc(), t.id.desc()),
    index('history_entity_idx').on(t.entity, t.entityId, t.at.desc(), t.id.desc()),
    index('history_actor_idx').on(t.actorId, t.at.desc(), t.id.desc()),
    index('history_action_idx').on(t.action, t.at.desc(), t.id.desc()),
  ],
)
