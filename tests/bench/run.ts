// `npm run bench`: issue 9's speed goals, measured. For each database (PGlite, and the
// PostgreSQL at DATABASE_URL when set, which must be a THROWAWAY database) it fills
// 1,000 customers, measures list and search (worked out), grows to 100,000 customers and
// 300,000 orders, edits 60 customers through the API (a full page of history), and
// measures every call with autocannon (10 connections, in its own process)
// against the real server (its own process, production settings) and a bare node:http
// route measured in the same run, as clients make them (answers remembered between
// changes) and worked out on every request (Cache-Control: no-cache); then three calls
// right after a change (nothing remembered), 50 live event streams, and CSV export and
// import.
// Prints one table: figure, goal, met or missed.
import { describeDatabaseUrl } from '../../src/server/settings'
import {
  apiRows,
  bareRow,
  CALLS,
  DATA_CALLS,
  GROWTH_CALLS,
  measureCalls,
  SEARCH_FULL_PAGE,
  WORKED_OUT,
  type Measured,
} from './api-calls'
import { fill, pgliteTarget, postgresTarget, type BenchTarget } from './fill'
import { measure } from './load'
import { csvRows } from './csv-calls'
import { liveRows } from './live-calls'
import { coldRows, makeHistory } from './cold-calls'
import { signIn, startBare, startCrm, type Running } from './processes'
import { printTable, type Row } from './table'

const LARGE = {
  customers: Number(process.env.BENCH_CUSTOMERS ?? 100_000),
  orders: Number(process.env.BENCH_ORDERS ?? 300_000),
}
const SMALL = { customers: 1_000, orders: 3_000 }
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const MEMORY_GOAL_MIB = 300
// Edits made before the measured calls: the history's page of 50 is full.
const HISTORY_ENTRIES = 60
const JWT_SECRET = 'bench-only-secret-bench-only-secret-0123'

const notes: string[] = []

async function withServer<T>(
  target: BenchTarget,
  run: (base: string, headers: Record<string, string>, server: Running) => Promise<T>,
): Promise<T> {
  const server = await startCrm({ ...target.env, CRM_JWT_SECRET: JWT_SECRET })
  try {
    return await run(server.base, await signIn(server.base), server)
  } finally {
    await server.stop()
  }
}

async function bareLoad() {
  const bare = await startBare()
  try {
    return await measure(bare.base, {}, SECONDS)
  } finally {
    await bare.stop()
  }
}

async function benchDatabase(target: BenchTarget): Promise<Row[]> {
  const log = (line: string) => process.stdout.write(`[${target.label}] ${line}\n`)
  const took = await fill(target, SMALL.customers, SMALL.orders)
  log(`filled ${SMALL.customers} customers in ${took.toFixed(1)} s`)
  const small: Measured = await withServer(target, (base, headers) =>
    measureCalls(base, { ...headers, ...WORKED_OUT }, GROWTH_CALLS, SECONDS, log),
  )
  const grown = await fill(target, LARGE.customers - SMALL.customers, LARGE.orders - SMALL.orders)
  const filled = `grew to ${LARGE.customers.toLocaleString('en')} customers and ${LARGE.orders.toLocaleString('en')} orders in ${grown.toFixed(1)} s`
  log(filled)
  notes.push(`${target.label}: ${filled}`)
  const bare = await bareLoad()
  log(`bare node:http: ${Math.round(bare.requestsPerSecond)} req/s`)
  const { large, workedOut, peak, csv } = await withServer(
    target,
    async (base, headers, server) => {
      log(`history: ${await makeHistory(base, headers, HISTORY_ENTRIES)} entries`)
      const measured = await measureCalls(base, headers, CALLS, SECONDS, log)
      const noCache = { ...headers, ...WORKED_OUT }
      const worked = await measureCalls(
        base,
        noCache,
        [...DATA_CALLS, SEARCH_FULL_PAGE],
        SECONDS,
        (line) => log(`worked out: ${line}`),
      )
      const peakMiB = server.peakMiB()
      const cold = await coldRows(target.label, base, headers, log)
      const live = await liveRows(target.label, server, headers, log)
      // Last: the imports add customers.
      return {
        large: measured,
        workedOut: worked,
        peak: peakMiB,
        csv: [...cold, ...live, ...(await csvRows(target.label, server, headers, log))],
      }
    },
  )
  return [
    bareRow(target.label, bare),
    ...apiRows(target.label, bare, large, workedOut, small),
    {
      database: target.label,
      measure: 'server memory at 100,000 customers (peak resident)',
      value: `${Math.round(peak)} MiB`,
      goal: target.label === 'pglite' ? `≤ ${MEMORY_GOAL_MIB} MiB` : 'reference',
      met: target.label === 'pglite' ? peak <= MEMORY_GOAL_MIB : null,
    },
    ...csv,
  ]
}

async function webRows(): Promise<Row[]> {
  if (process.env.BENCH_WEB === '0') return []
  const { measureWeb, asTableRows } = await import('./web')
  const measured = await measureWeb()
  notes.push(...measured.notes)
  return asTableRows(measured.rows)
}

async function main(): Promise<void> {
  const rows: Row[] = []
  const pglite = pgliteTarget()
  try {
    rows.push(...(await benchDatabase(pglite)))
  } finally {
    pglite.dispose()
  }
  const url = process.env.DATABASE_URL
  if (url) {
    process.stdout.write(
      `DATABASE_URL is set: ${describeDatabaseUrl(url)} must be a THROWAWAY database. ` +
        'Its customers, orders and agents are deleted in 5 s; press Ctrl-C to stop.\n',
    )
    await new Promise((resolve) => setTimeout(resolve, 5000))
    rows.push(...(await benchDatabase(await postgresTarget(url))))
  }
  rows.push(...(await webRows()))
  notes.push(
    `autocannon: 10 connections, ${SECONDS} s per call after a 1 s warm-up, in its own process; ` +
      'the server and the bare route each run in a process of their own on the same machine',
  )
  printTable(rows, notes)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exit(1)
  },
)
