import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { agents } from './schema'

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' })

/**
 * Saved views: a name for a screen's filters, search and sort (its URL query), the
 * agent's own or shared with the team.
 */
export const views = pgTable(
  'views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    screen: text('screen').notNull(),
    query: text('query').notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('views_agent_screen_name_idx').on(t.agentId, t.screen, sql`lower(${t.name})`),
    index('views_shared_idx')
      .on(t.screen)
      .where(sql`${t.shared}`),
  ],
)

/**
 * Live orders per status and whole amount (the amount's integer part), kept by the
 * database in the same transaction as every order change (statement triggers, migration
 * 0026): an amount range's total sums the whole amounts it spans instead of counting
 * every order in it; only the orders of the range's two partial whole amounts are read.
 * Derived data: `recount_order_amount_counts()` works it out again.
 */
export const orderAmountCounts = pgTable(
  'order_amount_counts',
  {
    status: text('status').notNull(),
    whole: bigint('whole', { mode: 'number' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.whole] })],
)

/**
 * Live customers holding each run of two to four characters of their `search_text`
 * (`search_count_runs()`), kept by the database in the same transaction as every customer
 * change (statement triggers, migrations 0027 and 0028): a search of two to four letters is counted
 * by reading its one row. Derived data: `recount_search_gram_counts()` works it out again.
 */
export const searchGramCounts = pgTable('search_gram_counts', {
  gram: text('gram').primaryKey(),
  n: integer('n').notNull(),
})
