import { lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'

export interface WindowState {
  /** Attempts in the current window, this one included. */
  hits: number
  /** When the current window began (ms since the epoch). */
  windowStart: number
}

/**
 * Counts one attempt for `key` in one atomic statement: concurrent attempts, on this
 * server or another on the same PostgreSQL, each get their own number. A window older
 * than `windowMs` starts again at 1.
 */
export async function takeAttempt(
  db: Db,
  key: string,
  now: number,
  windowMs: number,
): Promise<WindowState> {
  const r = rateLimits
  const expired = sql`${r.windowStart} <= ${now - windowMs}`
  const [row] = await db
    .insert(r)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: r.key,
      // Both read the row as it was: a stale window restarts, a live one counts on.
      set: {
        windowStart: sql`case when ${expired} then ${now} else ${r.windowStart} end`,
        hits: sql`case when ${expired} then 1 else ${r.hits} + 1 end`,
      },
    })
    .returning({ hits: r.hits, windowStart: r.windowStart })
  if (!row) throw new Error('upsert returned no row')
  // node-postgres hands a bigint back as text whatever the column's mode says.
  return { hits: Number(row.hits), windowStart: Number(row.windowStart) }
}

/** Takes back one attempt (one that turned out to be allowed, such as a good login). */
export async function giveBackAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} - 1` })
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.hits} > 0`)
}

/** Forgets windows that ended before `before`, so a flood of keys does not stay. */
export async function forgetAttemptsBefore(db: Db, before: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before))
}
