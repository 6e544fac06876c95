// Issue 26's speed goals at the large size, on the server the team's load ran on: three
// typical filter combinations, CLIENTS at a time (no call repeats the one before it:
// cities, owners, statuses, amounts, dates and search fragments rotate), each asked as
// the screen asks it (its URL through its search-params module: a page of 25), and a bulk
// delete of 1,000 customers and its undo (the restore the Undo button sends), each timed
// once. BENCH_LISTS_CALLS (1,000 a row).
import { customerSearch } from '../../src/client/features/customers/search-params'
import { orderSearch } from '../../src/client/features/orders/search-params'
import type { Running } from './processes'
import type { Row } from './table'
import { CLIENTS, firstCustomers, p95, query } from './timed-calls'

const CALLS = Number(process.env.BENCH_LISTS_CALLS ?? 1_000)
const GOAL_FILTER_MS = 50
const BULK = 1_000
const STATUSES = ['Pending', 'Out for delivery', 'Delivered', 'Pending,Delivered']

interface Customer {
  id: number
  name: string
  city: string
  created_at: string
}

type Params = Record<string, string | number | undefined>
/** The customers screen's request for the URL's search parameters. */
const customersAt = (url: Params) =>
  `/api/customers/?${query(customerSearch.toQuery(customerSearch.validate(url)))}`
/** The orders screen's request for the URL's search parameters. */
const ordersAt = (url: Params) =>
  `/api/orders/?${query(orderSearch.toQuery(orderSearch.validate(url)))}`

/** A calendar month, `i` months before this one: [first day, last day]. */
function month(i: number): [string, string] {
  const now = new Date()
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (i % 24), 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0))
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)]
}

async function timedPost(
  base: string,
  headers: Record<string, string>,
  path: string,
  body: unknown,
) {
  const started = performance.now()
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}`)
  return performance.now() - started
}

export async function listRows(
  database: string,
  server: Running,
  headers: Record<string, string>,
  log: (line: string) => void,
): Promise<Row[]> {
  const rows: Row[] = []
  const sample = await firstCustomers<Customer>(server.base, headers, BULK)
  const cities = [...new Set(sample.map((c) => c.city).filter(Boolean))]
  const fragments = sample.map((c) => c.name.slice(1, 4).trim()).filter((f) => f.length >= 2)
  const pick = <T>(list: T[], i: number): T => list[i % list.length]!
  const combos: [string, (i: number) => string][] = [
    [
      'customers by owner (me, none) and city',
      (i) => customersAt({ owner: i % 2 ? 'me' : 'none', city: pick(cities, i) }),
    ],
    [
      'orders by status and amount range',
      (i) =>
        ordersAt({
          status: pick(STATUSES, i),
          amount_min: String((i % 20) * 50),
          amount_max: String((i % 20) * 50 + 200),
        }),
    ],
    [
      'customers created in a month, with a search',
      (i) => {
        const [from, to] = month(i)
        return customersAt({ created_from: from, created_to: to, search: pick(fragments, i) })
      },
    ],
  ]
  for (const [measure, path] of combos) {
    const ms = await p95(server.base, headers, path, CALLS)
    // What one person waits when nobody else is asking: the call's own cost, which the
    // embedded database, answering one statement at a time, multiplies by the queue.
    const alone = await p95(server.base, headers, path, CALLS / 4, 1)
    log(`${measure}: p95 ${ms.toFixed(1)} ms (one client: ${alone.toFixed(1)} ms)`)
    rows.push({
      database,
      measure: `${measure}, p95 of ${CALLS} with ${CLIENTS} clients (one client alone)`,
      value: `${ms.toFixed(1)} ms (${alone.toFixed(1)} ms)`,
      goal: `≤ ${GOAL_FILTER_MS} ms`,
      met: ms <= GOAL_FILTER_MS,
    })
  }
  const ids = sample.map((c) => c.id)
  const goal = database === 'pglite' ? 3_000 : 1_000
  for (const action of ['delete', 'restore'] as const) {
    const ms = await timedPost(server.base, headers, '/api/customers/bulk/', { action, ids })
    log(`bulk ${action} of ${ids.length} customers: ${ms.toFixed(0)} ms`)
    rows.push({
      database,
      measure: `bulk ${action === 'delete' ? 'delete' : 'undo (restore)'} of ${ids.length} customers`,
      value: `${ms.toFixed(0)} ms`,
      goal: `≤ ${goal / 1000} s`,
      met: ms <= goal,
    })
  }
  return rows
}
