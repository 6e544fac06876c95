import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
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
  },
  (t) => [uniqueIndex('agents_username_lower_idx').on(sql`lower(${t.username})`)],
)

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
  },
  (t) => [
    index('customers_date_created_idx').on(t.dateCreated.desc(), t.id.desc()),
    index('customers_name_idx').on(t.name),
    index('customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('customers_city_idx').on(t.city),
    // Every field a list may be ordered by has an index, so a page never sorts the table.
    index('customers_email_idx').on(t.email),
    index('customers_country_idx').on(t.country),
    index('customers_phone_idx').on(t.phone),
    // One trigram index over every searchable field keeps `search` fast at 100k rows.
    index('customers_search_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.email} || ' ' || ${t.city} || ' ' || ${t.country} || ' ' || ${t.phone}) gin_trgm_ops`,
    ),
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
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('Pending', 'Out for delivery', 'Delivered')`),
    index('orders_customer_id_idx').on(t.customerId),
    index('orders_status_idx').on(t.status),
    index('orders_total_amount_idx').on(t.totalAmount),
    index('orders_date_created_idx').on(t.dateCreated.desc(), t.id.desc()),
  ],
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
  },
  (t) => [
    index('refresh_tokens_agent_idx').on(t.agentId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
)
