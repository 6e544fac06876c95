import { and, isNull, sql } from 'drizzle-orm'
import { tasks } from '../db/schema-follow-ups'
import { customerShown, idOrNothing } from './follow-up-parts'

/** Not deleted, and its customer (if any) not deleted either. */
export const shownTask = and(isNull(tasks.deletedAt), customerShown(tasks.customerId))

export const openTask = isNull(tasks.doneAt)

/**
 * The instant today ends in `zone`: its next midnight, by the database's clock. The zone
 * (a canonical IANA name: timeZoneSchema) is written into the statement, not sent as a
 * value: knowing where today ends, PostgreSQL keeps one plan of a Tasks screen statement
 * per zone (kept-plans.ts) instead of finding one planned for the values cheaper and
 * planning it again at every call (as much work as running it).
 */
export function endOfToday(zone: string) {
  const named = sql.raw(`'${zone.replace(/'/g, "''")}'`)
  return sql`((date_trunc('day', now() at time zone ${named}) + interval '1 day') at time zone ${named})`
}

/** `me` is the viewer; `all` (or nothing) is everyone's. */
export function assigneeIs(value: 'me' | 'all' | number | undefined, viewerId: number) {
  if (value === undefined || value === 'all') return undefined
  return idOrNothing(tasks.assigneeId, value === 'me' ? viewerId : value)
}
