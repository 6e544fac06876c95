import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { agents } from './schema'

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' })

/** One per sign-in: its refresh tokens and access tokens name it, and die with it. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull().defaultNow(),
    lastUsedAt: moment('last_used_at').notNull().defaultNow(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    endedAt: moment('ended_at'),
  },
  (t) => [
    index('sessions_agent_idx')
      .on(t.agentId, t.lastUsedAt.desc())
      .where(sql`${t.endedAt} is null`),
  ],
)

/** Two-step sign-in's recovery codes, as hashes, each usable once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('recovery_codes_agent_idx').on(t.agentId)],
)
