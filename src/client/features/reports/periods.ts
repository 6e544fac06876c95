import { addDays, dayNumber, todayIn } from '#shared/days'
import type { SalesParams } from '../../api/reports'

/** The period select's presets (BEYOND.md "Reports"), as the URL names them. */
export const PERIOD_PRESETS = [
  { value: 'last-7-days', label: 'Last 7 days' },
  { value: 'last-30-days', label: 'Last 30 days' },
  { value: 'last-90-days', label: 'Last 90 days' },
  { value: 'this-month', label: 'This month' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'this-year', label: 'This year' },
  { value: 'last-year', label: 'Last year' },
] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value']
export const DEFAULT_PERIOD: PeriodPreset = 'last-30-days'
export const CUSTOM = 'custom'

/**
 * The Reports screen's URL: a preset stays relative (`?period=this-quarter` is still this
 * quarter next quarter), a custom range is `?from=…&to=…`; nothing means the default.
 */
export interface ReportSearch {
  period?: PeriodPreset
  from?: string
  to?: string
}

const isPreset = (value: unknown): value is PeriodPreset =>
  PERIOD_PRESETS.some((preset) => preset.value === value)
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && dayNumber(value) !== undefined

/** validateSearch: a complete, ordered custom range, else a known preset, else nothing. */
export function validateReportSearch(raw: Record<string, unknown>): ReportSearch {
  const { from, to, period } = raw
  if (isDate(from) && isDate(to) && from <= to) return { from, to }
  return isPreset(period) ? { period } : {}
}

/** The browser's own time zone, which the server works the days out in. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** A preset's first and last day, counted from `today` (both included). */
export function presetDates(preset: PeriodPreset, today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number]
  const first = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`
  switch (preset) {
    case 'last-7-days':
      return { from: addDays(today, -6), to: today }
    case 'last-30-days':
      return { from: addDays(today, -29), to: today }
    case 'last-90-days':
      return { from: addDays(today, -89), to: today }
    case 'this-month':
      return { from: first(year, month), to: today }
    case 'this-quarter':
      return { from: first(year, month - ((month - 1) % 3)), to: today }
    case 'this-year':
      return { from: first(year, 1), to: today }
    case 'last-year':
      return { from: first(year - 1, 1), to: `${year - 1}-12-31` }
  }
}

/** What the URL shows: the select's value and the period's dates. */
export function periodOf(search: ReportSearch, today: string) {
  if (search.from && search.to) return { choice: CUSTOM, from: search.from, to: search.to }
  const preset = search.period ?? DEFAULT_PERIOD
  return { choice: preset, ...presetDates(preset, today) }
}

/** The report call for the URL, in the browser's zone and by its calendar. */
export function salesParams(search: ReportSearch, zone = browserZone()): SalesParams {
  const { from, to } = periodOf(search, todayIn(zone))
  return { from, to, tz: zone }
}
