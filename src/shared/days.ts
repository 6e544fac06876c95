/**
 * Calendar dates (`YYYY-MM-DD`) and IANA time zones, as every call that groups or filters
 * by day takes them (API contract "Time zones and dates"). A date is handled as its day
 * number (days since 1970-01-01), so day arithmetic never meets a clock change. Plain
 * functions, no zod: the web app's route checks (which every page downloads) use them.
 */

const DAY_MS = 86_400_000
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
// Years before 1000 or after 9999 are refused: no business report reaches them, and the
// day before a period must stay a valid date for the database.
const FIRST_YEAR = 1000

/** The day number of `YYYY-MM-DD`, or undefined when it is no real date. */
export function dayNumber(text: string): number | undefined {
  const match = DATE_PATTERN.exec(text)
  if (!match) return undefined
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  if (year < FIRST_YEAR) return undefined
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined
  return Math.round(date.getTime() / DAY_MS)
}

/** `YYYY-MM-DD` of a day number. */
export const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** `text` moved by `days` (negative: back). */
export const addDays = (text: string, days: number): string =>
  dayText((dayNumber(text) ?? 0) + days)

/** Days from `from` to `to`, both ends included (`from` = `to` is 1). */
export const spanDays = (from: string, to: string): number =>
  (dayNumber(to) ?? 0) - (dayNumber(from) ?? 0) + 1

/**
 * The zone `name` names, as the time zone database spells it (`europe/berlin` →
 * `Europe/Berlin`, `EST5EDT` → `America/New_York`), or undefined. The database is asked
 * with this name, so it and this machine's clock mean the same zone (some short aliases,
 * such as `IST`, are abbreviations of other zones to PostgreSQL).
 */
export function canonicalZone(name: string): string | undefined {
  // IANA names only: letters, digits and _ + - in slash-separated parts (no offsets).
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return undefined
  // Zone names are matched whatever their case, so the known ones, lowercased, are a
  // finite set: each is worked out once (a DateTimeFormat is slow to make), an unknown
  // one every time (never kept, so no input grows the map).
  const key = name.toLowerCase()
  const known = knownZones.get(key)
  if (known) return known
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
    knownZones.set(key, zone)
    return zone
  } catch {
    return undefined
  }
}

const knownZones = new Map<string, string>()

/** Today's date in `zone`, by this machine's clock (or `now`). */
export function todayIn(zone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** The zone a call means when it names none. */
export const DEFAULT_ZONE = 'UTC'
