// Issue 28's speed goals at the large size, on a running server: /metrics scraped SCRAPES
// times one after another by a process of its own, as Prometheus is; a backup over HTTP
// (GET /api/backup/, streamed to a file) with the server's resident memory sampled while
// it runs; and a restore of that file into an empty database of the same kind, as an
// operator runs it (`npm run crm -- restore --in FILE`, migrations included).
import { mkdtempSync, rmSync, statSync, createWriteStream } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream } from 'node:stream/web'
import { runTsx } from '../server/helpers/run-tsx'
import { adminQuery, withDatabase } from '../server/helpers/test-db'
import { METRICS_TOKEN, type BenchTarget } from './fill'
import { signIn, type Running } from './processes'
import type { Row } from './table'
import { BENCH_ADMIN } from './team-agents'

const BACKUP_GOAL_S = 15
const RESTORE_GOAL_S = 60
const GROWTH_GOAL_MIB = 50
const METRICS_GOAL_MS = 10
const SCRAPES = 200

/** Downloads a backup to `file`; answers its seconds and the server's RSS growth meanwhile. */
async function backupOverHttp(server: Running, file: string) {
  const headers = await signIn(server.base, BENCH_ADMIN)
  const before = server.rssMiB()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMiB())), 20)
  const started = performance.now()
  try {
    const res = await fetch(`${server.base}/api/backup/`, { headers })
    if (!res.ok || !res.body) throw new Error(`/api/backup/ answered ${res.status}`)
    await pipeline(Readable.fromWeb(res.body as ReadableStream), createWriteStream(file))
  } finally {
    clearInterval(sampler)
  }
  return { seconds: (performance.now() - started) / 1000, growth: peak - before }
}

/** An empty database of the target's kind for `use`, removed after. */
async function withEmptyDatabase<T>(
  target: BenchTarget,
  use: (env: Record<string, string>) => Promise<T>,
): Promise<T> {
  const url = target.env.DATABASE_URL
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'crm-bench-restore-'))
    try {
      return await use({ CRM_DATA_DIR: dir })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  const name = `crm_bench_restore_${Date.now().toString(36)}`
  await adminQuery(url, `create database ${name}`)
  try {
    return await use({ DATABASE_URL: withDatabase(url, name) })
  } finally {
    await adminQuery(url, `drop database if exists ${name} with (force)`)
  }
}

/** `npm run crm -- restore --in file` into an empty database; answers its seconds. */
async function restoreCommand(target: BenchTarget, file: string): Promise<number> {
  return withEmptyDatabase(target, async (env) => {
    const started = performance.now()
    const done = await runTsx('src/server/cli.ts', ['restore', '--in', file], {
      ...env,
      LOG_LEVEL: 'warn',
    })
    if (done.code !== 0) throw new Error(`restore exited ${done.code}: ${done.stderr}`)
    return (performance.now() - started) / 1000
  })
}

/** The p95 of SCRAPES scrapes of /metrics one after another, in ms, and the text's size. */
async function metricsP95(server: Running) {
  const args = [server.base, METRICS_TOKEN, String(SCRAPES)]
  const done = await runTsx('tests/bench/metrics-scraper.ts', args, {})
  if (done.code !== 0) throw new Error(`the scraper exited ${done.code}: ${done.stderr}`)
  const scraped = JSON.parse(done.stdout) as {
    p95: number
    bytes: number
    server: { within5: number; within10: number; all: number }
  }
  const { within5, within10, all } = scraped.server
  const answered = `the server answered ${within5} of ${all} within 5 ms, ${within10} within 10 ms`
  return { p95: scraped.p95, kib: scraped.bytes / 1024, answered }
}

export async function operationsRows(
  target: BenchTarget,
  server: Running,
  log: (line: string) => void,
): Promise<Row[]> {
  const database = target.label
  const dir = mkdtempSync(path.join(tmpdir(), 'crm-bench-backup-'))
  const file = path.join(dir, 'bench.backup')
  try {
    // First: the scrapes measure /metrics on the server as the team's load left it, not
    // the machine still busy after a restore in another process.
    const { p95: metrics, kib, answered } = await metricsP95(server)
    log(`/metrics: p95 ${metrics.toFixed(1)} ms (${kib.toFixed(0)} KiB of text; ${answered})`)
    const backup = await backupOverHttp(server, file)
    const mib = statSync(file).size / 1024 / 1024
    log(
      `backup: ${backup.seconds.toFixed(1)} s, ${mib.toFixed(0)} MiB, server RSS +${backup.growth.toFixed(0)} MiB`,
    )
    const restore = await restoreCommand(target, file)
    log(`restore into an empty database: ${restore.toFixed(1)} s`)
    return [
      {
        database,
        measure: `backup over HTTP of everything (${mib.toFixed(0)} MiB compressed)`,
        value: `${backup.seconds.toFixed(1)} s`,
        goal: `≤ ${BACKUP_GOAL_S} s`,
        met: backup.seconds <= BACKUP_GOAL_S,
      },
      {
        database,
        measure: 'server memory growth during the backup (peak resident minus before)',
        value: `${backup.growth.toFixed(0)} MiB`,
        goal: `≤ ${GROWTH_GOAL_MIB} MiB`,
        met: backup.growth <= GROWTH_GOAL_MIB,
      },
      {
        database,
        measure: 'restore of that backup into an empty database (the command, migrations included)',
        value: `${restore.toFixed(1)} s`,
        goal: `≤ ${RESTORE_GOAL_S} s`,
        met: restore <= RESTORE_GOAL_S,
      },
      {
        database,
        measure: `/metrics, p95 of ${SCRAPES} scrapes one after another`,
        value: `${metrics.toFixed(1)} ms`,
        goal: `≤ ${METRICS_GOAL_MS} ms`,
        met: metrics <= METRICS_GOAL_MS,
      },
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
