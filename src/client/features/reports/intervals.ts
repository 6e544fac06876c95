import { addDays } from '#shared/days'
import type { SalesReport } from '#shared/reports'

/** One bar of 'Revenue over time': its first and last day, and its figures. */
export interface Interval {
  start: string
  end: string
  orders: number
  revenue: string
}

/** The series as intervals: each ends the day before the next starts, the last on `to`. */
export function intervalsOf(report: SalesReport | undefined): Interval[] {
  if (!report) return []
  const { series } = report
  return series.map((entry, i) => {
    const next = series[i + 1]
    return { ...entry, end: next ? addDays(next.start, -1) : report.to }
  })
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})
const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`)

/** A bar's label: 'Mar 5' for a day or a week (its first day), 'Mar 2026' for a month. */
export function intervalLabel(interval: Interval, unit: SalesReport['interval']): string {
  const start = noonOf(interval.start)
  return unit === 'month' ? monthYear.format(start) : shortDate.format(start)
}

/** The interval in words for its link: '2026-03-05', or '2026-03-02 to 2026-03-08'. */
export const intervalText = (interval: Interval) =>
  interval.start === interval.end ? interval.start : `${interval.start} to ${interval.end}`

/** The orders screen filtered to the interval's days (in the same time zone). */
export const ordersSearch = (interval: Interval) => ({
  created_from: interval.start,
  created_to: interval.end,
})
