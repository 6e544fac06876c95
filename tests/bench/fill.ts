import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../src/server/db/client'
import { seedDemo } from '../../src/server/seed'

export interface BenchDatabase {
  database: Database
  label: string
  /** Closes it and removes what the bench created (the PGlite folder). */
  dispose(): Promise<void>
}

/** A new PGlite database in a temporary folder. */
export async function freshPglite(): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'crm-bench-'))
  const database = await openDatabase({ dataDir: dir })
  return {
    database,
    label: 'pglite',
    dispose: async () => {
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The PostgreSQL at `url`, emptied: the operator was told it must be a throwaway one. */
export async function emptiedPostgres(url: string): Promise<BenchDatabase> {
  const database = await openDatabase({ url })
  await database.db.execute(sql`truncate customers, orders, agents restart identity cascade`)
  return {
    database,
    label: 'postgres',
    dispose: () => database.close(),
  }
}

/** Fills with the demo generator (and its sign-ins); returns the seconds it took. */
export async function fill(db: Database, customers: number, orders: number): Promise<number> {
  const started = performance.now()
  // Exactly what `npm run crm -- seed-demo` does, so the figures are what an operator gets.
  await seedDemo(db.db, { customers, orders })
  return (performance.now() - started) / 1000
}
