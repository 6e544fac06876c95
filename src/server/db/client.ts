import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { PGlite as PGliteClient } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { projectRoot } from '../project-root'
import { keepPlans } from './kept-plans'
import { PgliteRemote } from './pglite-remote'
import { listenPostgres, type Unlisten } from './notifications'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type DatabaseKind = 'pglite' | 'postgres'

export interface Database {
  db: Db
  kind: DatabaseKind
  /**
   * Calls `onPayload` with each NOTIFY on `channel`, from this process or any other, and
   * `onListening` when listening starts and when it stops (a lost connection: the
   * notifications sent until it is back are missed).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onListening?: (listening: boolean) => void,
  ): Promise<Unlisten>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** `postgres://…`: use PostgreSQL. Otherwise PGlite in `dataDir`. */
  url?: string | undefined
  /** PGlite folder; `undefined` with no url means an in-memory database (tests). */
  dataDir?: string | undefined
  /** PostgreSQL connections in the pool (CRM_DB_POOL). */
  poolSize?: number | undefined
  /** PGlite only: start from this dumpDataDir() tarball instead of an empty database (tests). */
  loadDataDir?: Blob | undefined
}

// No single statement may hold a connection longer than this (a runaway query would
// otherwise starve the pool); migrations, which may build indexes, run without it.
const STATEMENT_TIMEOUT_MS = 15_000

// PGlite's default 128 MB of shared buffers lives in the server's own memory; 32 MB holds
// the hot pages of 100,000 customers (measured: 100 MB less resident, no slower).
const PGLITE_SETTINGS = ['shared_buffers = 32MB']

const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations')

// Any number between servers sharing one PostgreSQL works, as long as it is the same.
const MIGRATION_LOCK_KEY = 7_424_242

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.loadDataDir)
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const client = await PgliteRemote.open({
    dataDir,
    loadDataDir: loadDataDir ? new Uint8Array(await loadDataDir.arrayBuffer()) : undefined,
    settings: PGLITE_SETTINGS,
  })
  // Drizzle's PGlite driver calls only `query` and `transaction`, which PgliteRemote has.
  const db = drizzlePglite({ client: client as unknown as PGliteClient, schema })
  try {
    await migratePglite(db, { migrationsFolder })
  } catch (error) {
    await client.close()
    throw error
  }
  client.keepStatements()
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: async (channel, onPayload, onListening) => {
      const unlisten = await client.listen(channel, onPayload)
      onListening?.(true)
      return unlisten
    },
    close: () => client.close(),
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  await migratePostgres(url)
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A caller waits at most this long for a connection, then gets a 503, not a hang.
    connectionTimeoutMillis: 5000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
  })
  // An idle client losing its connection must not crash the process; the pool opens a
  // new one for the next query, so the server recovers once the database is back.
  pool.on('error', () => undefined)
  keepPlans(pool)
  const db = drizzlePg(pool, { schema })
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    listen: (channel, onPayload, onListening) =>
      listenPostgres(url, channel, onPayload, onListening),
    close: () => pool.end(),
  }
}

/** Brings the schema up to date on one connection of its own, without the statement timeout. */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    // Several servers may start at once against one database: migrate one at a time.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
  } finally {
    await client.end()
  }
}
