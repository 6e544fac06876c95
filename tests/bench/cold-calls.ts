import { DEEP_PAGE, FIRST_PAGE, SEARCH } from './api-calls'
import type { Row } from './table'

const TIMES = 15

/**
 * One edit of customer `id` (its phone, back and forth), recorded in the history as
 * "phone +44 … → +1 555 0": every server forgets its lists.
 */
async function change(base: string, headers: Record<string, string>, n: number, id = 1) {
  const url = `${base}/api/customers/${id}/`
  const customer = (await (await fetch(url, { headers })).json()) as Record<string, unknown>
  const res = await fetch(url, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...customer, version: undefined, phone: `+1 555 ${n % 2}` }),
  })
  if (!res.ok) throw new Error(`edit of customer ${id} answered ${res.status}`)
}

/**
 * Edits `count` customers through the API, so that the history's first page is full of
 * entries as staff make them (the demo fill writes none), before the history is measured.
 */
export async function makeHistory(
  base: string,
  headers: Record<string, string>,
  count: number,
): Promise<number> {
  for (let id = 1; id <= count; id++) await change(base, headers, 0, id)
  const res = await fetch(`${base}/api/history/?limit=1`, { headers })
  return ((await res.json()) as { count: number }).count
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
