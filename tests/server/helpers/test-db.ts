import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../../src/server/db/client'

/** True when this run targets PostgreSQL (`npm run test:pg`). */
export const onPostgres = process.env.CRM_TEST_DB === 'postgres'

export interface TestDatabase {
  database: Database
  /** DATABASE_URL of the fresh database (PostgreSQL only). */
  url: string | undefined
  close(): Promise<void>
}

/**
 * A fresh, migrated database, copied from the one tests/server/global-setup.ts migrated:
 * PGlite in memory loaded from its dump, or a new PostgreSQL database created from the
 * template database and dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('migratedTemplate')
  if (!onPostgres) {
    const loadDataDir = new Blob([new Uint8Array(await readFile(template))])
    const database = await openDatabase({ loadDataDir })
    return { database, url: undefined, close: () => database.close() }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('CRM_TEST_DB=postgres needs TEST_DATABASE_URL')
  const name = `crm_t_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `create database ${name} template ${template}`)
  const url = withDatabase(adminUrl, name)
  const database = await openDatabase({ url })
  return {
    database,
    url,
    close: async () => {
      await database.close()
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

let shared: Database | undefined

/**
 * PGlite: one database for all the files a worker runs (the server project loads its
 * modules once per worker), emptied for each file: loading the template costs about a
 * second (more on a busy machine), emptying a tenth of that. PostgreSQL: a fresh copy
 * of the template, which is cheap there. A file that changes the database beyond its
 * rows (statistics it asserts on, a restore) takes one of its own (createTestDatabase).
 */
export async function workerTestDatabase(): Promise<TestDatabase> {
  if (onPostgres) return createTestDatabase()
  shared ??= (await createTestDatabase()).database
  await emptyDatabase(shared)
  // Closed when the worker ends, not with the file.
  return { database: shared, url: undefined, close: () => Promise.resolve() }
}

/**
 * Every table back to the rows the migrations leave (the roles, and the two totals at
 * zero) and every sequence back to its start, in one transaction.
 */
export async function emptyDatabase(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    const tables = await tx.execute(sql`
      select format('%I', tablename) as name from pg_tables
      where schemaname = 'public' and tablename <> 'roles'`)
    const names = (tables as { rows: { name: string }[] }).rows.map((row) => row.name)
    await tx.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`))
    await tx.execute(sql`alter sequence webhook_events_commit_seq restart`)
    await tx.execute(sql`
      insert into counters (scope, name, n, amount)
      values ('customers', '', 0, 0), ('orders', '', 0, 0.00)`)
  })
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
