import { z } from 'zod'
import { canonicalZone, dayNumber } from './days'

/**
 * The date and time zone parameters' schemas (API contract "Time zones and dates"); the
 * day arithmetic itself is in days.ts.
 */
// Re-exported for callers that take a schema and a date helper from one place.
export { addDays, canonicalZone, dayNumber, dayText, DEFAULT_ZONE, spanDays, todayIn } from './days'

export const DATE_MESSAGE = 'Use a date like 2026-01-31.'
export const ZONE_MESSAGE = 'Use a time zone name, like Europe/London.'

/** A `YYYY-MM-DD` date parameter. */
export const calendarDateSchema = z
  .string({ error: DATE_MESSAGE })
  .refine((value) => dayNumber(value) !== undefined, DATE_MESSAGE)

/** `tz`: an IANA time zone name in the zone's own spelling; absent means UTC. */
export const timeZoneSchema = z
  .string({ error: ZONE_MESSAGE })
  .max(100, ZONE_MESSAGE)
  .transform((value, ctx) => {
    const zone = canonicalZone(value)
    if (zone) return zone
    ctx.addIssue({ code: 'custom', message: ZONE_MESSAGE })
    return z.NEVER
  })
  .optional()
