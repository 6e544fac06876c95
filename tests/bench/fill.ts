import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/client'
import { seedDemo } from '../../src/server/seed'

/** Where a bench database lives, as the server's settings name it. */
export interface BenchTarget {
  label: 'pglite' | 'postgres'
  env: Record<string, string>
  dispose(): void
}

export function pgliteTarget(): BenchTarget {
  const dir = mkdtempSync(path.join(tmpdir(), 'crm-bench-'))
  return {
    label: 'pglite',
    env: { CRM_DATA_DIR: dir },
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
  return { label: 'postgres', env: { DATABASE_URL: url }, dispose: () => {} }
}

/**
 * Adds `customers` and `orders` with the demo generator (and its sign-ins, the first
 * time), exactly as `npm run crm -- seed-demo` does; answers the seconds it took. The
 * database is opened and closed here: PGlite allows one process at a time.
 */
export async function fill(target: BenchTarget, customers: number, orders: number) {
  const database = await openDatabase({
    url: target.env.DATABASE_URL,
    dataDir: target.env.CRM_DATA_DIR,
  })
  try {
    const started = performance.now()
    await seedDemo(database.db, { customers, orders })
    return (performance.now() - started) / 1000
  } finally {
    await database.close()
  }
}
