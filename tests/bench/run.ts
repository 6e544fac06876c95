// `npm run bench`: fills fresh databases with 100,000 customers and 300,000 orders, then
// measures the list and chart calls with autocannon (10 connections) against a bare
// Fastify route on the same machine. Not part of `npm test`: it takes minutes.
import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import { buildApp } from '../../src/server/app'
import { describeDatabaseUrl } from '../../src/server/settings'
import { emptiedPostgres, fill, freshPglite, type BenchDatabase } from './fill'
import { measure, type LoadResult } from './load'
import { printTable, type Row } from './table'

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
// "son" is in Johnson and Wilson: a few percent of customers, as a real search might be.
const CALLS = [
  '/api/customers/?limit=50',
  '/api/customers/?search=son&limit=50',
  '/api/orders/?limit=50',
  '/api/stats/customers-by-city/',
  '/api/stats/orders-by-status/',
]

const notes: string[] = []

async function benchDatabase(bench: BenchDatabase): Promise<Row[]> {
  const log = (line: string) => process.stdout.write(`[${bench.label}] ${line}\n`)
  const seconds = await fill(bench.database, CUSTOMERS, ORDERS)
  const filled = `filled ${CUSTOMERS.toLocaleString('en')} customers and ${ORDERS.toLocaleString('en')} orders in ${seconds.toFixed(1)} s`
  log(filled)
  notes.push(`${bench.label}: ${filled}`)
  const app = await buildApp({
    database: bench.database,
    config: {
      jwtSecret: new Uint8Array(randomBytes(32)),
      // Longer than the whole run, so the token never expires mid-measurement.
      accessTtl: 3600,
      refreshTtl: 7200,
      signup: 'closed',
      signupRole: 'Agent',
      staticDir: null,
      logLevel: 'silent',
    },
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const login = await fetch(`${base}/api/users/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
    })
    if (!login.ok) throw new Error(`demo sign-in failed with ${login.status}`)
    const { access } = (await login.json()) as { access: string }
    const headers = { authorization: `Bearer ${access}` }
    const rows: Row[] = []
    for (const call of CALLS) {
      const check = await fetch(base + call, { headers })
      if (!check.ok) throw new Error(`${call} answered ${check.status}`)
      const result: LoadResult = await measure(base + call, headers, SECONDS)
      log(`GET ${call}: ${Math.round(result.requestsPerSecond)} req/s`)
      rows.push({ database: bench.label, call: `GET ${call}`, ...result })
    }
    return rows
  } finally {
    await app.close()
  }
}

async function bareFastify(): Promise<Row> {
  const app = Fastify()
  app.get('/', () => ({ ok: true }))
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    return { database: '-', call: 'bare Fastify {ok:true}', ...(await measure(base, {}, SECONDS)) }
  } finally {
    await app.close()
  }
}

async function main(): Promise<void> {
  const rows: Row[] = []
  const pglite = await freshPglite()
  try {
    rows.push(...(await benchDatabase(pglite)))
  } finally {
    await pglite.dispose()
  }
  const url = process.env.DATABASE_URL
  if (url) {
    process.stdout.write(
      `DATABASE_URL is set: ${describeDatabaseUrl(url)} must be a THROWAWAY database. ` +
        'Its customers, orders and agents are deleted in 5 s; press Ctrl-C to stop.\n',
    )
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const postgres = await emptiedPostgres(url)
    try {
      rows.push(...(await benchDatabase(postgres)))
    } finally {
      await postgres.dispose()
    }
  }
  rows.push(await bareFastify())
  notes.push(
    `autocannon: 10 connections, ${SECONDS} s per call after a 1 s warm-up, in its own process`,
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
