import { measure, type LoadResult } from './load'
import type { Row } from './table'

/** What each measured call must reach, against the bare route of the same run. */
export const THROUGHPUT_GOAL = 0.3
export const DEEP_PAGE_GOAL = 2
export const GROWTH_GOAL = 1.5

export const FIRST_PAGE = '/api/customers/?limit=50'
export const DEEP_PAGE = '/api/customers/?limit=50&offset=50000'
export const SEARCH = '/api/customers/?search=yuki&limit=50'
/**
 * 'yuki' matches 25 of the first 1,000 customers (one first name in 40), so SEARCH's page
 * holds 25 rows at 1,000 customers and 50 at 100,000. A page of 25 is full at both sizes:
 * the search growth goal compares the same page, and SEARCH's ratio is shown beside it.
 */
export const SEARCH_FULL_PAGE = '/api/customers/?search=yuki&limit=25'
/** Measured at 1,000 customers, worked out, for the growth ratios. */
export const GROWTH_CALLS = [FIRST_PAGE, SEARCH_FULL_PAGE, SEARCH]

/** The calls issue 9 names, plus the customer summary and the history once they exist. */
export const DATA_CALLS = [
  FIRST_PAGE,
  DEEP_PAGE,
  SEARCH,
  '/api/orders/?limit=50',
  '/api/stats/customers-by-city/',
  '/api/stats/orders-by-status/',
  '/api/customers/50000/summary/',
  '/api/history/?limit=50',
]
// For reference: the database's round trip alone, and a signed-in call that reads nothing.
const REFERENCE_CALLS = ['/api/health', '/api/agent/role/']
export const CALLS = [...DATA_CALLS, ...REFERENCE_CALLS]

/**
 * Asks for an answer not taken from the server's answer memory (HTTP's no-cache): the
 * call's own work (database, list memory, encoding) on every request.
 */
export const WORKED_OUT = { 'cache-control': 'no-cache' }

export type Measured = Map<string, LoadResult>

/** Loads every call that answers 200 (a call that does not exist yet is left out). */
export async function measureCalls(
  base: string,
  headers: Record<string, string>,
  calls: string[],
  seconds: number,
  log: (line: string) => void,
): Promise<Measured> {
  const results: Measured = new Map()
  for (const call of calls) {
    const check = await fetch(base + call, { headers })
    if (!check.ok) {
      log(`GET ${call}: answers ${check.status}, not measured`)
      continue
    }
    const result = await measure(base + call, headers, seconds)
    log(`GET ${call}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.medianMs} ms`)
    results.set(call, result)
  }
  return results
}

const ms = (value: number) => `${value.toLocaleString('en', { maximumFractionDigits: 1 })} ms`

const throughput = (result: LoadResult, bare: LoadResult) =>
  `${Math.round(result.requestsPerSecond).toLocaleString('en')} req/s (${(result.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} × bare), p50 ${ms(result.medianMs)}, p99 ${ms(result.p99Ms)}${result.failures ? `, ${result.failures} failed` : ''}`

/**
 * The table rows of one database's run: the throughput goal on the calls as clients make
 * them (`large`), their throughput when each answer is worked out (`workedOut`, for
 * reference), and the deep page and growth goals on worked-out answers (`workedOut` and
 * `small`), where the database's work shows.
 */
export function apiRows(
  database: string,
  bare: LoadResult,
  large: Measured,
  workedOut: Measured,
  small: Measured,
): Row[] {
  const rows: Row[] = []
  for (const [call, result] of large) {
    const times = result.requestsPerSecond / bare.requestsPerSecond
    const reference = REFERENCE_CALLS.includes(call)
    rows.push({
      database,
      measure: `GET ${call}`,
      value: throughput(result, bare),
      goal: reference ? 'reference' : `≥ ${THROUGHPUT_GOAL} × bare`,
      met: reference ? null : times >= THROUGHPUT_GOAL && result.failures === 0,
    })
  }
  for (const [call, result] of workedOut) {
    rows.push({
      database,
      measure: `GET ${call}, worked out (no-cache)`,
      value: throughput(result, bare),
      goal: 'reference',
      met: null,
    })
  }
  const first = workedOut.get(FIRST_PAGE)
  const deep = workedOut.get(DEEP_PAGE)
  if (first && deep) {
    const ratio = deep.medianMs / Math.max(first.medianMs, 0.1)
    rows.push({
      database,
      measure: 'offset=50000 p50 ÷ first page p50 (worked out)',
      value: `${ratio.toFixed(2)} (${ms(deep.medianMs)} ÷ ${ms(first.medianMs)})`,
      goal: `≤ ${DEEP_PAGE_GOAL}`,
      met: ratio <= DEEP_PAGE_GOAL,
    })
  }
  for (const [label, call, goal] of [
    ['list', FIRST_PAGE, true],
    ['search, a full page of 25 at both sizes', SEARCH_FULL_PAGE, true],
    ['search, limit=50 (25 rows at 1,000, 50 at 100,000)', SEARCH, false],
  ] as const) {
    const big = workedOut.get(call)
    const little = small.get(call)
    if (!big || !little) continue
    const ratio = big.medianMs / Math.max(little.medianMs, 0.1)
    rows.push({
      database,
      measure: `${label}: p50 at 100,000 ÷ at 1,000 customers (worked out)`,
      value: `${ratio.toFixed(2)} (${ms(big.medianMs)} ÷ ${ms(little.medianMs)})`,
      goal: goal ? `≤ ${GROWTH_GOAL}` : 'reference',
      met: goal ? ratio <= GROWTH_GOAL : null,
    })
  }
  return rows
}

export function bareRow(database: string, bare: LoadResult): Row {
  return {
    database,
    measure: 'bare node:http route',
    value: `${Math.round(bare.requestsPerSecond).toLocaleString('en')} req/s, p50 ${ms(bare.medianMs)}`,
    goal: 'yardstick',
    met: null,
  }
}
