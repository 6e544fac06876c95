import { DEEP_PAGE, FIRST_PAGE, SEARCH } from './api-calls'
import type { Row } from './table'

const TIMES = 15

/** One edit of customer 1 (its phone, back and forth): every server forgets its lists. */
async function change(base: string, headers: Record<string, string>, n: number) {
  const url = `${base}/api/customers/1/`
  const customer = (await (await fetch(url, { headers })).json()) as Record<string, unknown>
  const res = await fetch(url, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...customer, version: undefined, phone: `+1 555 ${n % 2}` }),
  })
  if (!res.ok) throw new Error(`edit of customer 1 answered ${res.status}`)
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now()
  const res = await fetch(url, { headers })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return performance.now() - started
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

/**
 * What the calls that the server's list memory speeds up cost when nothing is remembered:
 * each time a change first, then the call alone (one request in flight). Median of TIMES.
 */
export async function coldRows(
  database: string,
  base: string,
  headers: Record<string, string>,
  log: (line: string) => void,
): Promise<Row[]> {
  const calls = [FIRST_PAGE, DEEP_PAGE, SEARCH]
  const times = new Map(calls.map((call) => [call, [] as number[]]))
  for (let n = 0; n < TIMES; n++) {
    for (const call of calls) {
      await change(base, headers, n)
      times.get(call)?.push(await timed(base + call, headers))
    }
  }
  return calls.map((call) => {
    const ms = median(times.get(call) ?? [])
    log(`GET ${call} right after a change: ${ms.toFixed(1)} ms`)
    return {
      database,
      measure: `GET ${call} right after a change, alone (median of ${TIMES})`,
      value: `${ms.toFixed(1)} ms`,
      goal: 'reference',
      met: null,
    }
  })
}
