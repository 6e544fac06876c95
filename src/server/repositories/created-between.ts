import { and, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { DEFAULT_ZONE } from '#shared/days'
import { asValue, type Bind } from './shaped-statements'

/** The date parameters of a list (API contract "Time zones and dates"). */
export interface CreatedRange {
  created_from?: string | undefined
  created_to?: string | undefined
  tz?: string | undefined
}

/**
 * `created_from` / `created_to`: local dates in `tz`, both ends included, as a range of
 * `column` (the day's first instant in the zone up to the next day's), which the
 * column's date index serves.
 */
export function createdBetween(
  column: AnyPgColumn,
  range: CreatedRange,
  bind: Bind = asValue,
): SQL | undefined {
  const { created_from: from, created_to: to } = range
  const tz = () => bind('tz', range.tz ?? DEFAULT_ZONE)
  return and(
    from === undefined
      ? undefined
      : sql`${column} >= (${bind('created_from', from)}::date::timestamp at time zone ${tz()})`,
    to === undefined
      ? undefined
      : sql`${column} < ((${bind('created_to', to)}::date + 1)::timestamp at time zone ${tz()})`,
  )
}

/** Whether a list is narrowed by a created range (its total is then counted). */
export const hasRange = (range: CreatedRange) =>
  range.created_from !== undefined || range.created_to !== undefined
