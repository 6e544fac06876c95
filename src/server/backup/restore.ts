import { sql, type SQL } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import { heldData, tableColumns, type TableColumns } from './catalog'
import {
  BackupError,
  CONTROL_PREFIX,
  controlLineSchema,
  type BackupHeader,
  type SequenceLine,
} from './format'
import { backupLines, verifyBackup } from './read'
import { backupTables } from './tables'

// Rows per insert, and at most this much JSON text in one.
const BATCH_ROWS = 2000
const BATCH_CHARS = 4 * 1024 * 1024

export interface RestoreSummary {
  header: BackupHeader
  /** Rows restored per table. */
  tables: Record<string, number>
}

type Held = Awaited<ReturnType<typeof heldData>>

function refuseHeld(held: Held, where: string): void {
  if (held.agents + held.customers + held.orders === 0) return
  throw new BackupError(
    `${where} already holds data (${held.agents} agents, ${held.customers} customers, ${held.orders} orders): restore into an empty database, or add --force to replace all of it.`,
  )
}

const list = (names: string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  )

/** One table's rows as the backup has them, inserted a batch at a time. */
class TableWriter {
  private rows: string[] = []
  private chars = 0
  written = 0

  constructor(
    private readonly tx: Db,
    readonly table: string,
    private readonly columns: string[],
  ) {}

  async add(row: string): Promise<void> {
    this.rows.push(row)
    this.chars += row.length
    if (this.rows.length >= BATCH_ROWS || this.chars >= BATCH_CHARS) await this.flush()
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return
    const json = `[${this.rows.join(',')}]`
    const table = sql.identifier(this.table)
    const columns = list(this.columns)
    // Ids as they were (identity columns included); a column the backup lacks (one
    // added by a later migration) takes its default.
    await this.tx.execute(sql`insert into ${table} (${columns}) overriding system value
      select ${columns} from jsonb_populate_recordset(null::${table}, ${json}::jsonb)`)
    this.written += this.rows.length
    this.rows = []
    this.chars = 0
  }
}

async function copyRows(
  tx: Db,
  file: string,
  known: Map<string, TableColumns>,
): Promise<{ tables: Record<string, number>; sequences: SequenceLine[] }> {
  const tables: Record<string, number> = {}
  const sequences: SequenceLine[] = []
  let writer: TableWriter | undefined
  const finish = async () => {
    if (!writer) return
    await writer.flush()
    tables[writer.table] = writer.written
  }
  for await (const text of backupLines(file)) {
    if (!text.startsWith(CONTROL_PREFIX)) {
      await writer?.add(text)
      continue
    }
    const control = controlLineSchema.safeParse(JSON.parse(text))
    if (!control.success) continue // the header
    const line = control.data
    if (line['@'] === 'sequence') sequences.push(line)
    if (line['@'] !== 'table') continue
    await finish()
    const target = known.get(line.name)
    // A table a later migration dropped is skipped; the others keep the columns they have.
    const columns = target ? line.columns.filter((c) => target.stored.includes(c)) : []
    writer = target ? new TableWriter(tx, line.name, columns) : undefined
  }
  await finish()
  return { tables, sequences }
}

interface SecondaryIndex {
  name: string
  definition: string
}

/**
 * The tables' indexes that no constraint owns (not the primary keys nor the unique
 * ones): a restore drops them while the rows go in and builds each once at the end, far
 * faster than updating a dozen of them, trigram ones included, row by row.
 */
async function secondaryIndexes(tx: Db, tables: string[]): Promise<SecondaryIndex[]> {
  const names = sql.join(
    tables.map((name) => sql`${name}`),
    sql`, `,
  )
  const result = await tx.execute(sql`
    select ic.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class ic on ic.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and t.relname in (${names})
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by ic.relname`)
  return (result as { rows: SecondaryIndex[] }).rows
}

const setSequence = (sequence: SequenceLine): SQL => sql`
  select setval(c.oid, ${sequence.value}::bigint, ${sequence.called})
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'S' and n.nspname = 'public' and c.relname = ${sequence.name}`

/**
 * Kept tables that came after the first backups, each with the function that works it
 * out from the rows and the number of migrations from which a backup holds all its rows:
 * a backup taken before holds none of them, or (search_gram_counts before 0028) only some.
 */
const KEPT_SINCE: [table: string, recount: string, migrations: number][] = [
  ['sales_hours', 'recount_sales', 21], // 0020
  ['task_due_days', 'recount_task_counts', 26], // 0022, with the days of 0025
  ['order_amount_counts', 'recount_order_amount_counts', 27], // 0026
  ['search_gram_counts', 'recount_search_gram_counts', 29], // 0027, four letters from 0028
]

/**
 * Restores a backup into the database in ONE transaction: every table of the schema
 * emptied, then filled with the backup's rows (ids kept) while the tables' own triggers
 * are off and their secondary indexes dropped (built again once the rows are in), so the
 * kept totals, follow-ups and owners come back exactly as they were rather than counted
 * twice; then the sequences as they stood. Refused when the database holds agents,
 * customers or orders, unless `force`. The file is checked whole first: a damaged one is
 * refused before anything is written.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  { force, where }: { force: boolean; where: string },
): Promise<RestoreSummary> {
  const { db } = database
  if (!force) refuseHeld(await heldData(db), where)
  const { header } = await verifyBackup(file)
  try {
    const tables = await db.transaction(async (tx) => {
      // An operator's restore runs to its end: the requests' statement limit (15 s) would
      // stop an index build over a large table (search_grams over 100,000 customers alone
      // takes about as long).
      if (database.kind === 'postgres') await tx.execute(sql`set local statement_timeout = 0`)
      if (!force) refuseHeld(await heldData(tx), where)
      const known = await tableColumns(tx)
      const names = backupTables()
        .map((table) => table.name)
        .filter((name) => known.has(name))
      for (const name of names) {
        await tx.execute(sql`alter table ${sql.identifier(name)} disable trigger user`)
      }
      await tx.execute(sql`truncate ${list(names)} restart identity cascade`)
      const indexes = await secondaryIndexes(tx, names)
      for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`)
      const copied = await copyRows(tx, file, known)
      // More sort memory for the index builds on PostgreSQL (the embedded database's
      // memory is the restoring process's own: its default stands).
      if (database.kind === 'postgres')
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`)
      for (const index of indexes) await tx.execute(sql.raw(index.definition))
      for (const sequence of copied.sequences) await tx.execute(setSequence(sequence))
      // A backup taken before the kept amounts existed (migration 0015) holds none: they are
      // worked out from the orders; so are the kept tables a backup lacks or holds in part
      // (KEPT_SINCE).
      await tx.execute(sql`select recount_order_amounts()`)
      for (const [table, recount, since] of KEPT_SINCE) {
        const whole = copied.tables[table] !== undefined && header.migrations >= since
        if (!whole) await tx.execute(sql`select ${sql.raw(recount)}()`)
      }
      for (const name of names) {
        await tx.execute(sql`alter table ${sql.identifier(name)} enable trigger user`)
        // The planner's figures for the new rows (the embedded database has no autovacuum).
        await tx.execute(sql`analyze ${sql.identifier(name)}`)
      }
      return copied.tables
    })
    return { header, tables }
  } catch (error) {
    if (error instanceof BackupError) throw error
    // The driver's own words (drizzle's wrapper repeats the whole statement).
    const cause = (error as { cause?: unknown }).cause ?? error
    const reason = String((cause as Error).message).split('\n')[0]
    throw new BackupError(`${file} could not be restored (nothing was written): ${reason}`)
  }
}
