// Runs the team's load (team-load.ts, a process of its own) against the real server (a
// process of its own, production settings): one server per cache setting, and in it one
// run per write rate.
import { spawn } from 'node:child_process'
import path from 'node:path'
import type { BenchTarget } from './fill'
import { startCrm, type Running } from './processes'
import { TEAM_AGENTS } from './team-agents'
import type { LoadConfig } from './team-load'
import type { LoadFigures } from './team-stats'

const root = path.resolve(import.meta.dirname, '../..')
const SECONDS = Number(process.env.BENCH_TEAM_SECONDS ?? 20)
const WARMUP_SECONDS = Number(process.env.BENCH_TEAM_WARMUP ?? 3)
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',')
/** BENCH_TEAM_WRITES=2 or BENCH_TEAM_CACHE=on run a part of the series. */
export const WRITE_RATES = list(process.env.BENCH_TEAM_WRITES, '0,2,10').map(Number)
export const CACHES = list(process.env.BENCH_TEAM_CACHE, 'on') as Cache[]
export const TIMING = { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS }

/**
 * on: the server as configured by default. off: `CRM_CACHE=off` and `Cache-Control: no-cache`
 * on every GET, which turned off the caches of earlier versions (see docs/architecture.md,
 * "Caching": the server keeps none now, so the default series is `on` alone).
 */
export type Cache = 'on' | 'off'
export type Size = 'small' | 'large' | 'million'

export interface TeamRun {
  database: BenchTarget['label']
  size: Size
  customers: number
  writes: number
  cache: Cache
  figures: LoadFigures
  /** The server process's CPU time during the run (warm-up included). */
  serverCpuSeconds: number
}

/** One run of the load process; answers its figures. */
function runLoad(config: LoadConfig): Promise<LoadFigures> {
  const script = path.join(import.meta.dirname, 'team-load.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(config)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? ''
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as LoadFigures)
      else reject(new Error(`the team load exited ${code}: ${err.trim().slice(0, 500)}`))
    })
  })
}

interface Series {
  target: BenchTarget
  size: Size
  customers: number
  secret: string
  caches?: Cache[]
  writes?: number[]
  log: (line: string) => void
  /** Runs on the last server, after its team runs (other measurements on the same data). */
  after?: (server: Running) => Promise<void>
}

/** For each cache setting a server, and in it one run per write rate. */
export async function teamSeries(series: Series): Promise<TeamRun[]> {
  const { target, size, customers, log } = series
  const runs: TeamRun[] = []
  const caches = series.caches ?? CACHES
  for (const [n, cache] of caches.entries()) {
    const off: Record<string, string> = cache === 'off' ? { CRM_CACHE: 'off' } : {}
    const server = await startCrm({ ...target.env, ...off, CRM_JWT_SECRET: series.secret })
    try {
      for (const writes of series.writes ?? WRITE_RATES) {
        const cpuBefore = server.cpuSeconds()
        const figures = await runLoad({
          base: server.base,
          agents: TEAM_AGENTS,
          ...TIMING,
          writePercent: writes,
          noCache: cache === 'off',
        })
        const serverCpuSeconds = server.cpuSeconds() - cpuBefore
        const { mix } = figures
        log(
          `team, ${customers.toLocaleString('en')} customers, ${writes} % writes, cache ${cache}: ` +
            `${Math.round(mix.perSecond)} req/s, p95 ${mix.p95.toFixed(1)} ms, ` +
            `${mix.errors} errors, server CPU ${serverCpuSeconds.toFixed(1)} s`,
        )
        runs.push({
          database: target.label,
          size,
          customers,
          writes,
          cache,
          figures,
          serverCpuSeconds,
        })
      }
      if (n === caches.length - 1) await series.after?.(server)
    } finally {
      await server.stop()
    }
  }
  return runs
}
