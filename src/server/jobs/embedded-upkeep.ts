import { sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client'

const TICK_MS = 60_000

// PostgreSQL's autovacuum defaults (its documentation, "The Autovacuum Daemon"): a table
// is vacuumed once its dead rows pass 50 + 20 % of its rows or its rows inserted since the
// last vacuum pass 1,000 + 20 %, and analysed once its changed rows pass 50 + 10 %.
// And a table never vacuumed nor analysed (`reltuples` -1): the embedded database's
// activity figures start again at zero when it is opened, so rows written before a
// restart (a fill, an import, the kept task counts) would otherwise never be seen.
const estimated = sql`greatest(c.reltuples, 0)`
const vacuumDue = sql`(s.n_dead_tup > 50 + 0.2 * ${estimated} or s.n_ins_since_vacuum > 1000 + 0.2 * ${estimated} or c.reltuples < 0)`
const analyzeDue = sql`s.n_mod_since_analyze > 50 + 0.1 * ${estimated}`

export interface TableDue {
  table: string
  /** Vacuum (and analyse); otherwise analyse only. */
  vacuum: boolean
}

/** The tables autovacuum would vacuum or analyse now, by its default thresholds. */
export async function tablesDue(db: Db): Promise<TableDue[]> {
  // The embedded database keeps each statement's table figures to itself until a flush
  // is asked for; the flush happens as this statement ends, before the next one reads.
  await db.execute(sql`select pg_stat_force_next_flush()`)
  const result = await db.execute(sql`
    select s.relname as "table", ${vacuumDue} as vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' and (${vacuumDue} or ${analyzeDue})
    order by s.relname`)
  return (result as { rows: TableDue[] }).rows
}

/** Vacuums or analyses the tables due (see `tablesDue`); answers them. */
export async function upkeep(db: Db): Promise<TableDue[]> {
  const due = await tablesDue(db)
  for (const { table, vacuum } of due) {
    const name = sql.identifier(table)
    await db.execute(vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`)
  }
  return due
}

export interface UpkeepJob {
  /** No tick starts after this; resolves once the one running (if any) has finished. */
  stop(): Promise<void>
}

/**
 * The embedded database has no autovacuum: without this, its planner keeps the figures
 * of the day the tables were small, and no page is ever marked all-visible, so counts
 * that could be read from an index alone read every row. Once a minute this does what
 * autovacuum would (PostgreSQL runs its own; the job is for the embedded database only).
 */
export function startEmbeddedUpkeep(
  database: Database,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): UpkeepJob {
  const { intervalMs = TICK_MS, onError } = options
  let running: Promise<unknown> | undefined
  // A tick that comes while the last one still runs (a long vacuum) is skipped.
  const timer = setInterval(() => {
    running ??= upkeep(database.db)
      .catch(onError)
      .finally(() => (running = undefined))
  }, intervalMs)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
