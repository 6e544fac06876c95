import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Db } from '../../src/server/db/client'
import { customers as customerTable, orders as orderTable } from '../../src/server/db/schema'
import { seedDemo } from '../../src/server/seed'
import { bulkFill } from './bulk-fill'
import { createTeamAgents } from './team-agents'

/** Where a bench database lives, as the server's settings name it. */
export interface BenchTarget {
  label: 'pglite' | 'postgres'
  env: Record<string, string>
  dispose(): void
}

/**
 * Settings of every bench server beside its database: metrics on, as a watched production
 * server has them (operations-rows.ts scrapes them), and webhooks allowed to reach the
 * bench's receiver on this machine (webhook-rows.ts).
 */
export const METRICS_TOKEN = 'bench-metrics-token-0123456789'
const SERVER_SETTINGS = { CRM_METRICS_TOKEN: METRICS_TOKEN, CRM_WEBHOOK_ALLOW_PRIVATE: '1' }

export function pgliteTarget(): BenchTarget {
  const dir = mkdtempSync(path.join(tmpdir(), 'crm-bench-'))
  return {
    label: 'pglite',
    env: { ...SERVER_SETTINGS, CRM_DATA_DIR: dir },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** The PostgreSQL at `url`, emptied: the operator was told it must be a throwaway one. */
export async function postgresTarget(url: string): Promise<BenchTarget> {
  const database = await openDatabase({ url })
  try {
    await database.db.execute(sql`truncate customers, orders, agents restart identity cascade`)
  } finally {
    await database.close()
  }
  return { label: 'postgres', env: { ...SERVER_SETTINGS, DATABASE_URL: url }, dispose: () => {} }
}

/** Opens the target's database for `use`, then closes it: PGlite allows one process at a time. */
async function withDatabase<T>(target: BenchTarget, use: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    url: target.env.DATABASE_URL,
    dataDir: target.env.CRM_DATA_DIR,
  })
  try {
    return await use(database.db)
  } finally {
    await database.close()
  }
}

/**
 * Adds `customers` and `orders` with the demo generator (and its sign-ins, the first
 * time), exactly as `npm run crm -- seed-demo` does, and the team's agents; answers the
 * seconds it took. On PostgreSQL, the same rows by bulkFill (faster at any size).
 */
export async function fill(target: BenchTarget, customers: number, orders: number) {
  const started = performance.now()
  const url = target.env.DATABASE_URL
  const rows = customers + orders > 0
  if (url && rows) await bulkFill(url, customers, orders)
  await withDatabase(target, async (db) => {
    if (!url && rows) await seedDemo(db, { customers, orders })
    await createTeamAgents(db)
  })
  return (performance.now() - started) / 1000
}

/** How many customers and orders the target holds (deleted ones included). */
export function countRows(target: BenchTarget): Promise<{ customers: number; orders: number }> {
  const count = sql<number>`count(*)::int`
  return withDatabase(target, async (db) => {
    const [customerRows] = await db.select({ n: count }).from(customerTable)
    const [orderRows] = await db.select({ n: count }).from(orderTable)
    return { customers: customerRows?.n ?? 0, orders: orderRows?.n ?? 0 }
  })
}
