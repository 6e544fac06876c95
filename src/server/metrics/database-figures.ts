import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

export interface DatabaseFigures {
  /** Reminders ever raised: the reminders' id sequence (rows removed since still count). */
  reminders: number
  pending: number
  failed: number
}

/** The figures every server shares, in one statement (each read through an index or a sequence). */
export async function databaseFigures(db: Db): Promise<DatabaseFigures> {
  const result = await db.execute(sql`
    select
      (select case when is_called then last_value else 0 end
         from reminders_id_seq)::float8 as reminders,
      (select count(*) from webhook_deliveries where status = 'pending')::float8 as pending,
      (select count(*) from webhook_deliveries where status = 'failed')::float8 as failed`)
  const [row] = (result as { rows: DatabaseFigures[] }).rows
  return row ?? { reminders: 0, pending: 0, failed: 0 }
}
