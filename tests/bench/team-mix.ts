// The team's load (issue 23): what each of the 16 agents does next. Each pick is a write
// with probability W % (the run's write rate) and a read otherwise; within its part, a
// kind is drawn by its weight below (out of 100). The reads and writes themselves are in
// team-reads.ts and team-writes.ts. A kind may make several calls (a customer's page
// asks two at once, as the web app does; an edit reads before it writes): its time is
// until the last answers, and each call is counted in the whole mix. Every agent also refreshes its token
// every 250-350 calls, and at once after a 401 (team-load.ts).
import type { KindRun, Random } from './team-kinds'
import { READS } from './team-reads'
import { WRITES } from './team-writes'

export const READ_WEIGHTS: Record<keyof typeof READS, number> = {
  // A random page 1-40 of 25 rows, in a random ordering (any field, either way).
  'customers list page': 30,
  // 2-4 letters of a real customer's name or city, a random page 1-5.
  search: 20,
  // Its summary (with its first 25 orders) and its first 25 history entries, at once.
  'customer page': 15,
  // One of the three statuses, a random ordering, a random page 1-40.
  'orders by status': 15,
  // The order and its history, at once.
  'order page': 10,
  'chart: customers by city': 5,
  'chart: orders by status': 5,
}

export const WRITE_WEIGHTS: Record<keyof typeof WRITES, number> = {
  // Read it, then PUT a new phone with the version read; a 409 is a conflict.
  'edit a customer': 40,
  // Read it, then PUT another status with the version read.
  "change an order's status": 30,
  'create an order': 20,
  'create a customer': 10,
}

export interface Kind {
  name: string
  write: boolean
  run: KindRun
}

/** The read kinds, for the goals. */
export const READ_KINDS = Object.keys(READ_WEIGHTS)

const table = (weights: Record<string, number>, runs: Record<string, KindRun>, write: boolean) =>
  Object.entries(weights).map(([name, weight]) => ({
    weight,
    kind: { name, write, run: runs[name]! },
  }))
const reads = table(READ_WEIGHTS, READS, false)
const writes = table(WRITE_WEIGHTS, WRITES, true)

/** The kind of an agent's next request, at `writePercent` % writes. */
export function pick(random: Random, writePercent: number): Kind {
  const part = random() * 100 < writePercent ? writes : reads
  let left = random() * part.reduce((sum, entry) => sum + entry.weight, 0)
  const chosen = part.find((entry) => (left -= entry.weight) < 0) ?? part[part.length - 1]
  return chosen!.kind
}
