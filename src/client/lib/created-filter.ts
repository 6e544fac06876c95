import { dayNumber } from '#shared/days'

/**
 * `?created_from=2026-03-02&created_to=2026-03-08`: orders created on those days (both
 * included) in the browser's time zone, as a report's bar opens them (API contract "Sales
 * reports"). Plain checks: validateSearch is in the route tree every page downloads.
 */
export interface CreatedSearch {
  created_from?: string
  created_to?: string
}

const dateOrNothing = (value: unknown) =>
  typeof value === 'string' && dayNumber(value) !== undefined ? value : undefined

export function validateCreated(raw: Record<string, unknown>): CreatedSearch {
  return {
    created_from: dateOrNothing(raw.created_from),
    created_to: dateOrNothing(raw.created_to),
  }
}

/** The list's parameters for them, with the zone the days are counted in. */
export function createdQuery({ created_from, created_to }: CreatedSearch) {
  if (!created_from && !created_to) return {}
  return { created_from, created_to, tz: Intl.DateTimeFormat().resolvedOptions().timeZone }
}
