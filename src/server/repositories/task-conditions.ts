import { and, isNull, sql } from 'drizzle-orm'
import { tasks } from '../db/schema-follow-ups'
import { customerShown, idOrNothing } from './follow-up-parts'

/** Not deleted, and its customer (if any) not deleted either. */
export const shownTask = and(isNull(tasks.deletedAt), customerShown(tasks.customerId))

export const openTask = isNull(tasks.doneAt)

/** The instant today ends in `zone`: its next midnight, by the database's clock. */
export const endOfToday = (zone: string) =>
  sql`((date_trunc('day', now() at time zone ${zone}) + interval '1 day') at time zone ${zone})`

/** `me` is the viewer; `all` (or nothing) is everyone's. */
export function assigneeIs(value: 'me' | 'all' | number | undefined, viewerId: number) {
  if (value === undefined || value === 'all') return undefined
  return idOrNothing(tasks.assigneeId, value === 'me' ? viewerId : value)
}
