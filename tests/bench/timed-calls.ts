// Timed GETs for the bench's per-goal rows (follow-ups-rows.ts, lists-rows.ts): many
// different calls, `clients` at a time, and the 95th percentile of the timed ones.
import { call } from './http'

export const CLIENTS = 16

/** Calls `path(i)` warmup + calls times, `clients` at a time; the p95 of the timed ones, in ms. */
export async function p95(
  base: string,
  headers: Record<string, string>,
  path: (i: number) => string,
  calls: number,
  clients = CLIENTS,
): Promise<number> {
  const warmup = clients * 2
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
