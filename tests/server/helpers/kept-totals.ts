import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '../../../src/server/db/client'

/**
 * What the triggers kept is what `recount` (a migration's function that works the kept
 * rows out again from scratch) makes of them, and there is something to compare.
 */
export async function expectKeptAsRecounted<K extends Record<string, unknown[]>>(
  db: Db,
  kept: (db: Db) => Promise<K>,
  recount:
    | 'recount_sales'
    | 'recount_task_counts'
    | 'recount_order_amount_counts'
    | 'recount_search_gram_counts',
): Promise<void> {
  const before = await kept(db)
  await db.execute(sql`select ${sql.raw(recount)}()`)
  expect(before).toEqual(await kept(db))
  expect(Object.values(before).every((rows) => rows.length > 0)).toBe(true)
}
