import { sql, type SQL } from 'drizzle-orm'
import { addDays, spanDays } from '#shared/days'
import type { SalesReportPeriod } from '#shared/reports'
import type { Db } from '../db/client'

/** The previous period: same length, ending the day before `from`. */
export const previousPeriod = (p: SalesReportPeriod) => ({
  from: addDays(p.from, -spanDays(p.from, p.to)),
  to: addDays(p.from, -1),
})

/**
 * A report's instants, worked out by the database in the report's zone: where the period
 * before begins (`before`), where this one begins and ends (`start`, `end`, exclusive),
 * and the whole UTC days inside it (`dayFrom` to `dayTo`, exclusive: the kept city
 * totals cover those days; reports.ts makes up the partial days at either end).
 * `wholeHours`: every local midnight of both periods falls on a UTC hour, so the kept
 * hourly totals add up to exactly the zone's days (false in zones such as
 * Asia/Kolkata, whose offset has half hours). Instants are ISO 8601 texts in UTC.
 */
export interface SalesFrame {
  before: string
  start: string
  end: string
  dayFrom: string
  dayTo: string
  wholeHours: boolean
}

/** The instant a local date (a date expression) begins in the zone. */
const startOf = (date: SQL, tz: string) => sql`((${date})::timestamp at time zone ${tz})`

/** An instant as ISO 8601 text in UTC, to the second (`2026-03-01T23:00:00Z`). */
const iso = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/** A frame's instant as a value of a statement. */
export const instant = (text: string) => sql`${text}::timestamptz`

/** A sum of money as the report writes it: text with two decimals, "0.00" for none. */
export const money = (value: SQL) => sql`round(coalesce(${value}, 0), 2)::text`

/** The frame of `p` (the database refuses a zone it does not know: SQLSTATE 22023). */
export async function salesFrame(db: Db, p: SalesReportPeriod): Promise<SalesFrame> {
  const first = previousPeriod(p).from
  // Midnight UTC at or after the start, and at or before the end (24 hours, not a day:
  // timestamptz arithmetic by days would follow the session's zone).
  const ceilDay = sql`least(date_trunc('day', start - interval '1 microsecond', 'UTC') + interval '24 hours', "end")`
  const result = await db.execute(sql`
    select ${iso(sql`before`)} as before, ${iso(sql`start`)} as start, ${iso(sql`"end"`)} as "end",
           ${iso(ceilDay)} as "dayFrom",
           ${iso(sql`greatest(date_trunc('day', "end", 'UTC'), ${ceilDay})`)} as "dayTo",
           (select bool_and(extract(epoch from ${startOf(sql`d`, p.tz)})::bigint % 3600 = 0)
            from generate_series(${first}::date::timestamp, ${p.to}::date::timestamp + interval '1 day',
                                 interval '1 day') d) as "wholeHours"
    from (select ${startOf(sql`${first}::date`, p.tz)} as before,
                 ${startOf(sql`${p.from}::date`, p.tz)} as start,
                 ${startOf(sql`${p.to}::date + 1`, p.tz)} as "end") b`)
  const [row] = (result as { rows: SalesFrame[] }).rows
  if (!row) throw new Error('the report frame answered no row')
  return row
}
