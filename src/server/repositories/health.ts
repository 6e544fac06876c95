import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/** Throws as a query would when the database does not answer. */
export async function checkDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
