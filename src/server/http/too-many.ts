import { HttpError } from './errors'
import type { Verdict } from './rate-limit'

/** 429 with `Retry-After` when a limiter says so (API.md "Limits"). */
export function refuseWhenLimited(verdict: Verdict, what: string): void {
  if (!verdict.blocked) return
  throw new HttpError(
    429,
    `Too many ${what}. Try again in ${verdict.retryAfter} seconds.`,
    undefined,
    { 'retry-after': String(verdict.retryAfter) },
  )
}
