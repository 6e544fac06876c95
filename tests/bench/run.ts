// `npm run bench`: a team's load (issue 23, team-*.ts) and the goals of issues 9, 12 and
// 13 that the team's table does not cover. For each database (PGlite, and the PostgreSQL
// at DATABASE_URL when set, which must be a THROWAWAY database) it fills 1,000 customers
// and 3,000 orders, runs the team's load (0, 2 and 10 % writes), grows to 100,000
// customers and 300,000 orders and runs it again; then, on the same server, the server's
// peak memory, 50 live event streams, the sales report, the issues' rows named below,
// the memory growth under 60,000 unique addresses, and CSV export and import.
// BENCH_TEAM_MILLION=1 adds, on PostgreSQL, 1,000,000 customers and 3,000,000 orders (and
// the sales report's rows there). tests/bench/reports-bench.ts runs the report's rows alone.
// Prints the team's table, then one table of the other figures: goal, met or missed.
//
// Switches: BENCH_ONLY=team (the team's load alone), BENCH_DB=pglite or postgres (one
// database), BENCH_CUSTOMERS and BENCH_ORDERS (the large size), BENCH_TEAM_SECONDS (20),
// BENCH_TEAM_WARMUP (3), BENCH_TEAM_WRITES (0,2,10), BENCH_TEAM_CACHE (on; `off,on` compares
// an earlier version that had caches), BENCH_WEB=0.
// Issue 24's rows (follow-ups-rows.ts) follow the large team runs; BENCH_ONLY=follow-ups: alone.
// BENCH_ONLY=million (PostgreSQL): the 1,000,000-customer rows alone.
// Issues 26, 27 and 28's rows (lists-rows.ts, webhook-rows.ts, operations-rows.ts) run on
// the large size's last server; BENCH_ONLY=lists, webhooks, operations or hostile (or several,
// comma-separated): those alone, on one server.
import { cpus, loadavg } from 'node:os'
import { describeDatabaseUrl } from '../../src/server/settings'
import { csvRows } from './csv-calls'
import { followUpRows } from './follow-ups-rows'
import { countRows, fill, pgliteTarget, postgresTarget, type BenchTarget } from './fill'
import { hostileMemoryRow } from './hostile-memory'
import { listRows } from './lists-rows'
import { liveRows } from './live-calls'
import { operationsRows } from './operations-rows'
import { reportRows } from './reports-rows'
import { signIn, type Running } from './processes'
import { printTable, type Row } from './table'
import { TEAM_SIZE } from './team-agents'
import { teamSeries, TIMING, type Size, type TeamRun } from './team-run'
import { teamTable } from './team-table'
import { webhookRows } from './webhook-rows'

const SIZES: Record<Size, { customers: number; orders: number }> = {
  small: { customers: 1_000, orders: 3_000 },
  large: {
    customers: Number(process.env.BENCH_CUSTOMERS ?? 100_000),
    orders: Number(process.env.BENCH_ORDERS ?? 300_000),
  },
  million: { customers: 1_000_000, orders: 3_000_000 },
}
const ONLY_TEAM = process.env.BENCH_ONLY === 'team'
const DATABASES = (process.env.BENCH_DB ?? 'pglite,postgres').split(',')
const MILLION = process.env.BENCH_TEAM_MILLION === '1'
const MEMORY_GOAL_MIB = 300
const JWT_SECRET = 'bench-only-secret-bench-only-secret-0123'
/** The agent the fill seeds (processes.ts signs in as it too). */
const DEMO_ACCOUNT = { username: 'demo', password: 'demo-password' }

const notes: string[] = []
const teamRuns: TeamRun[] = []

/** Grows the database to `size` (new rows only: writes and imports are kept). */
async function grow(target: BenchTarget, size: Size, log: (line: string) => void) {
  const want = SIZES[size]
  const has = await countRows(target)
  const took = await fill(
    target,
    Math.max(0, want.customers - has.customers),
    Math.max(0, want.orders - has.orders),
  )
  const line = `filled to ${want.customers.toLocaleString('en')} customers and ${want.orders.toLocaleString('en')} orders in ${took.toFixed(1)} s`
  log(line)
  notes.push(`${target.label}: ${line}`)
}

/** The other goals, measured on the large size's last server after its team runs. */
async function otherRows(target: BenchTarget, server: Running, log: (line: string) => void) {
  const headers = await signIn(server.base)
  const memory = memoryRow(target, server)
  const live = await liveRows(target.label, server, headers, log)
  const reports = await reportRows(target.label, server, log)
  const lists = await listRows(target.label, server, await signIn(server.base), log)
  const webhooks = await webhookRows(target.label, server, log)
  const operations = await operationsRows(target, server, log)
  const hostile = await hostileMemoryRow(target.label, server, DEMO_ACCOUNT, log)
  // Last: the imports add customers. A sign-in of its own: the rows before it take longer
  // than an access token lives.
  const csv = await csvRows(target.label, server, await signIn(server.base), log)
  return [memory, ...live, ...reports, ...lists, ...webhooks, ...operations, hostile, ...csv]
}

/** The server's peak resident memory so far (the goal is the embedded database's). */
function memoryRow(target: BenchTarget, server: Running): Row {
  const peak = server.peakMiB()
  const pglite = target.label === 'pglite'
  return {
    database: target.label,
    measure: `server memory at ${SIZES.large.customers.toLocaleString('en')} customers after the team's load (peak resident)`,
    value: `${Math.round(peak)} MiB`,
    goal: pglite ? `≤ ${MEMORY_GOAL_MIB} MiB` : 'reference',
    met: pglite ? peak <= MEMORY_GOAL_MIB : null,
  }
}

/** The rows BENCH_ONLY may name to run alone, on a server of the large size. */
const ALONE: Record<
  string,
  (target: BenchTarget, server: Running, log: (line: string) => void) => Promise<Row[]>
> = {
  lists: async (target, server, log) =>
    listRows(target.label, server, await signIn(server.base), log),
  reports: (target, server, log) => reportRows(target.label, server, log),
  webhooks: (target, server, log) => webhookRows(target.label, server, log),
  operations: operationsRows,
  memory: (target, server) => Promise.resolve([memoryRow(target, server)]),
  hostile: async (target, server, log) => [
    await hostileMemoryRow(target.label, server, DEMO_ACCOUNT, log),
  ],
}

async function benchDatabase(target: BenchTarget): Promise<Row[]> {
  const log = (line: string) => process.stdout.write(`[${target.label}] ${line}\n`)
  const rows: Row[] = []
  const series = (size: Size, after?: (server: Running) => Promise<void>) =>
    teamSeries({ target, size, customers: SIZES[size].customers, secret: JWT_SECRET, log, after })
  if (process.env.BENCH_ONLY === 'follow-ups')
    return grow(target, 'large', log).then(() => followUpRows(target, log))
  if (process.env.BENCH_ONLY === 'million')
    return target.label === 'postgres' ? millionRows(target, log) : []
  const alone = (process.env.BENCH_ONLY ?? '').split(',').flatMap((name) => ALONE[name] ?? [])
  if (alone.length > 0) {
    // As in the full run: measured on a server the team's load (2 % writes) has just run on.
    await grow(target, 'large', log)
    const runs = await teamSeries({
      ...{ target, size: 'large', customers: SIZES.large.customers, secret: JWT_SECRET, log },
      ...{ caches: ['on'], writes: [2] },
      after: async (server) => {
        for (const measure of alone) rows.push(...(await measure(target, server, log)))
      },
    })
    teamRuns.push(...runs)
    return rows
  }
  await grow(target, 'small', log)
  teamRuns.push(...(await series('small')))
  await grow(target, 'large', log)
  const others = async (server: Running) =>
    void rows.push(...(await otherRows(target, server, log)))
  teamRuns.push(...(await series('large', ONLY_TEAM ? undefined : others)))
  if (!ONLY_TEAM) rows.push(...(await followUpRows(target, log)))
  if (MILLION && target.label === 'postgres') rows.push(...(await millionRows(target, log)))
  return rows
}

/** 1,000,000 customers and 3,000,000 orders: the team's load at 2 % writes, then the report. */
async function millionRows(target: BenchTarget, log: (line: string) => void): Promise<Row[]> {
  const rows: Row[] = []
  await grow(target, 'million', log)
  const runs = await teamSeries({
    ...{ target, size: 'million', customers: SIZES.million.customers, secret: JWT_SECRET, log },
    ...{ caches: ['on'], writes: [2] },
    after: async (server) => void rows.push(...(await reportRows('postgres 3M', server, log))),
  })
  teamRuns.push(...runs)
  return rows
}

async function webRows(): Promise<Row[]> {
  if (ONLY_TEAM || process.env.BENCH_WEB === '0') return []
  const { measureWeb, asTableRows } = await import('./web')
  const measured = await measureWeb()
  notes.push(...measured.notes)
  return asTableRows(measured.rows)
}

async function main(): Promise<void> {
  const rows: Row[] = []
  const started = { at: performance.now(), load: loadavg()[0] ?? 0 }
  if (DATABASES.includes('pglite')) {
    const pglite = pgliteTarget()
    try {
      rows.push(...(await benchDatabase(pglite)))
    } finally {
      pglite.dispose()
    }
  }
  const url = process.env.DATABASE_URL
  if (DATABASES.includes('postgres') && url) {
    process.stdout.write(
      `DATABASE_URL is set: ${describeDatabaseUrl(url)} must be a THROWAWAY database. ` +
        'Its customers, orders and agents are deleted in 5 s; press Ctrl-C to stop.\n',
    )
    await new Promise((resolve) => setTimeout(resolve, 5000))
    rows.push(...(await benchDatabase(await postgresTarget(url))))
  } else if (DATABASES.includes('postgres') && process.env.BENCH_DB) {
    throw new Error('BENCH_DB=postgres needs DATABASE_URL (a THROWAWAY database)')
  }
  rows.push(...(await webRows()))
  const minutes = (performance.now() - started.at) / 60_000
  process.stdout.write(`\n${teamTable(teamRuns)}\n`)
  notes.push(
    `team: ${TEAM_SIZE} agents, each a closed loop (tests/bench/team-mix.ts), ${TIMING.seconds} s ` +
      `measured after a ${TIMING.warmupSeconds} s warm-up, in a process of its own beside the ` +
      "server's; a record page's calls go at once, as the web app's loader asks them, and its " +
      "time is until the last answers; 'errors' are answers " +
      'other than 2xx, conflicts (409 to a PUT with its version) apart',
    `machine: ${cpus().length} cores, load average ${started.load.toFixed(1)} at the start and ` +
      `${(loadavg()[0] ?? 0).toFixed(1)} at the end; the bench took ${minutes.toFixed(1)} min`,
  )
  if (rows.length > 0) printTable(rows, notes)
  else process.stdout.write(`\n${notes.join('\n')}\n`)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    // What was measured before the failure is still worth reading.
    if (teamRuns.length > 0) process.stdout.write(`\n${teamTable(teamRuns)}\n`)
    process.stderr.write(
      `bench failed: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exit(1)
  },
)
