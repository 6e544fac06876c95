// Issue 25's speed goals: the sales report over one year and over 30 days, asked of the
// real server (production settings) one request after another, p50 of the timed ones.
// The data is the demo seed's (orders spread over the customers' three years).
import { signIn } from './processes'
import type { Row } from './table'

const WARMUP = 3
const TIMED = Number(process.env.BENCH_REPORT_CALLS ?? 25)
const ZONE = 'Europe/Berlin'

/** p50 and p95 goals in ms per database for the one-year and the 30-day report. */
const GOALS: Record<string, { year: number; month: number }> = {
  pglite: { year: 400, month: 50 },
  postgres: { year: 150, month: 50 },
  // 3,000,000 orders (BENCH_TEAM_MILLION=1).
  'postgres 3M': { year: 300, month: 50 },
}

const DAY_MS = 86_400_000
const dateText = (ms: number) => new Date(ms).toISOString().slice(0, 10)

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN

/**
 * Times `TIMED` calls of `url` after `WARMUP` untimed ones: p50 and p95 in ms. Signs in
 * again when the access token expires (a call at 3,000,000 orders takes seconds), and
 * times that call anew.
 */
async function timeCalls(url: string, base: string) {
  const times: number[] = []
  let headers = await signIn(base)
  let renewed = false
  const refused: number[] = []
  for (let i = 0; i < WARMUP + TIMED; i++) {
    const started = performance.now()
    const res = await fetch(url, { headers })
    await res.arrayBuffer()
    if (res.status === 401 && !renewed) {
      headers = await signIn(base)
      renewed = true
      i--
      continue
    }
    renewed = false
    // A refusal (a 503 when the statement outlasts its timeout) is timed and counted.
    if (!res.ok) refused.push(res.status)
    if (i >= WARMUP) times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), refused }
}

/**
 * Rows for `database` ('pglite', 'postgres' or 'postgres 3M'): a one-year report (the
 * 365 days ending today, by week) and a 30-day one (the default), in Berlin's days.
 */
export async function reportRows(
  database: string,
  server: { base: string },
  log: (line: string) => void,
): Promise<Row[]> {
  const goals = GOALS[database] ?? GOALS.postgres ?? { year: 150, month: 50 }
  const now = Date.now()
  const periods = [
    { name: 'one-year', query: `from=${dateText(now - 364 * DAY_MS)}&to=${dateText(now)}` },
    { name: '30-day', query: '' },
  ]
  const rows: Row[] = []
  for (const { name, query } of periods) {
    const url = `${server.base}/api/reports/sales/?${query}&tz=${encodeURIComponent(ZONE)}`
    const { p50, p95, refused } = await timeCalls(url, server.base)
    const goal = name === 'one-year' ? goals.year : goals.month
    const failed = refused.length > 0 ? `, ${refused.length} answered ${refused.join(', ')}` : ''
    log(`${name} sales report: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${failed}`)
    rows.push({
      database,
      measure: `${name} sales report, p50 of ${TIMED} (p95 ${p95.toFixed(0)} ms${failed})`,
      value: `${p50.toFixed(1)} ms`,
      goal: `≤ ${goal} ms`,
      met: p50 <= goal && refused.length === 0,
    })
  }
  return rows
}
