import { createHash, type Hash } from 'node:crypto'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { sql, type SQL } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import { sequenceStates, tableColumns } from './catalog'
import { FORMAT, FORMAT_VERSION, type BackupHeader } from './format'
import { backupTables, schemaLevel, type BackupTable } from './tables'

// Rows read per statement: a million rows are a thousand statements (each a short walk
// along the primary key), and a batch's text stays about a megabyte: the server's memory
// grows by about what one batch holds, three times over (the driver's rows, their text
// joined, the compressor's input), and the embedded database's memory never shrinks back.
const BATCH = 1000
// Fast compression: the backup of a large database is bound by it (level 6 takes about
// twice as long for files about 10 % smaller).
const GZIP_LEVEL = 3

export interface BackupSummary {
  /** Rows per table. */
  tables: Record<string, number>
  createdAt: string
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const line = (value: unknown) => `${JSON.stringify(value)}\n`

/** One batch of rows after `after` (keyset on the primary key), as to_jsonb text. */
function batchQuery(table: BackupTable, generated: string[], after: unknown[] | null): SQL {
  const key = sql.join(
    table.key.map((column) => sql.identifier(column)),
    sql`, `,
  )
  const without = sql.join(generated.map((column) => sql` - ${column}::text`))
  const where = after
    ? sql`where (${key}) > (${sql.join(
        after.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql``
  return sql`select (to_jsonb(t) ${without})::text as "@row", ${key}
    from ${sql.identifier(table.name)} t ${where} order by ${key} limit ${BATCH}`
}

async function* tableLines(
  tx: Db,
  table: BackupTable,
  generated: string[],
  count: (n: number) => void,
): AsyncGenerator<string> {
  let after: unknown[] | null = null
  for (;;) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(batchQuery(table, generated, after)),
    )
    if (rows.length === 0) return
    count(rows.length)
    yield rows.map((row) => `${row['@row'] as string}\n`).join('')
    if (rows.length < BATCH) return
    const last = rows[rows.length - 1] as Record<string, unknown>
    after = table.key.map((column) => last[column])
  }
}

/** Every line of the backup, hashed as it goes; the trailer carries the hash. */
async function* backupLines(
  tx: Db,
  header: BackupHeader,
  summary: BackupSummary,
  hash: Hash,
): AsyncGenerator<string> {
  const hashed = (text: string) => {
    hash.update(text)
    return text
  }
  yield hashed(line(header))
  const columns = await tableColumns(tx)
  for (const table of backupTables()) {
    const known = columns.get(table.name)
    // A table of the schema the database does not have yet cannot be: it is migrated.
    if (!known) throw new Error(`The database has no table ${table.name}`)
    summary.tables[table.name] = 0
    yield hashed(line({ '@': 'table', name: table.name, columns: known.stored }))
    const count = (n: number) =>
      (summary.tables[table.name] = (summary.tables[table.name] ?? 0) + n)
    for await (const rows of tableLines(tx, table, known.generated, count)) yield hashed(rows)
  }
  for (const state of await sequenceStates(tx)) {
    yield hashed(line({ '@': 'sequence', ...state }))
  }
  yield line({ '@': 'end', tables: summary.tables, sha256: hash.digest('hex') })
}

/**
 * Writes a backup of everything to `out`, read in ONE snapshot: a read-only REPEATABLE
 * READ transaction on PostgreSQL, so writers go on meanwhile and none of their changes
 * is half in it; on the embedded database, the one connection's transaction, which
 * other requests wait for. Rows are read a batch at a time and streamed through gzip,
 * so memory does not grow with the data.
 */
export async function writeBackup(database: Database, out: Writable): Promise<BackupSummary> {
  const createdAt = new Date().toISOString()
  const level = schemaLevel()
  const header: BackupHeader = {
    '@': FORMAT,
    version: FORMAT_VERSION,
    migrations: level.migrations,
    last_migration: level.last,
    database: database.kind,
    created_at: createdAt,
  }
  const summary: BackupSummary = { tables: {}, createdAt }
  const hash = createHash('sha256')
  await database.db.transaction(
    async (tx) => {
      const lines = Readable.from(backupLines(tx, header, summary, hash), { objectMode: false })
      await pipeline(lines, createGzip({ level: GZIP_LEVEL }), out)
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  return summary
}
