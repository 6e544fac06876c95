// Timed GETs for the bench's per-goal rows (follow-ups-rows.ts, lists-rows.ts): many
// different calls, `clients` at a time, and the 95th percentile of the timed ones.
import { call } from './http'

export const CLIENTS = 16

/**
 * Calls `path(i)` 2 × `calls` times, `clients` at a time; the p95 of the second half, in
 * ms. The first half is the warm-up of a server that has run a while: each of its pooled
 * connections has met the row's statements (on PostgreSQL, prepared them and, after five
 * calls, kept a plan: kept-plans.ts), as a team's server has minutes after it starts.
 * The rows time 1,000 calls: 320 took a fifth to two thirds of a second, and one pause of
 * 10-20 ms in it (a major garbage collection) decided the p95 (the same server's counts
 * row gave 11.8 and 36.5 ms).
 */
export async function p95(
  base: string,
  headers: Record<string, string>,
  path: (i: number) => string,
  calls: number,
  clients = CLIENTS,
): Promise<number> {
  const warmup = calls
  const times: number[] = []
  let next = 0
  const client = async () => {
    while (next < warmup + calls) {
      const i = next++
      const started = performance.now()
      const res = await call(`${base}${path(i)}`, { headers })
      if (res.status !== 200) throw new Error(`${path(i)} answered ${res.status}`)
      if (i >= warmup) times.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  times.sort((a, b) => a - b)
  return times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? NaN
}

/**
 * The server warmed up as a team's has been minutes after it starts: every row's calls
 * once, `calls` of each (not timed), before any row is timed. Without it the first row
 * measured a server that had just started (its code not yet optimised, its database's
 * pages not yet read: 54 ms where the same row measured later took 35).
 */
export async function warmUp(
  base: string,
  headers: Record<string, string>,
  paths: ((i: number) => string)[],
  calls = 200,
): Promise<void> {
  for (const path of paths) await p95(base, headers, path, calls / 2)
}

/** A query string of the defined parameters. */
export const query = (params: Record<string, string | number | boolean | undefined>): string =>
  new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, String(value)]],
    ),
  ).toString()

/** The first `count` customers of the list (as type `T`), 100 a page along its keyset. */
export async function firstCustomers<T>(
  base: string,
  headers: Record<string, string>,
  count: number,
): Promise<T[]> {
  const found: T[] = []
  let after: string | undefined
  while (found.length < count) {
    const res = await fetch(`${base}/api/customers/?${query({ limit: 100, after })}`, { headers })
    if (!res.ok) throw new Error(`/api/customers/ answered ${res.status}`)
    const page = (await res.json()) as { Customers: T[]; next: string | null }
    found.push(...page.Customers)
    if (!page.next || page.Customers.length === 0) break
    after = page.next
  }
  return found.slice(0, count)
}
