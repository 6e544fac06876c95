import { readFileSync } from 'node:fs'
import path from 'node:path'
import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { projectRoot } from '../project-root'
import * as main from '../db/schema'
import * as accounts from '../db/schema-accounts'
import * as followUps from '../db/schema-follow-ups'
import * as integrations from '../db/schema-integrations'
import * as lists from '../db/schema-lists'
import * as reports from '../db/schema-reports'

// Every schema file drizzle.config reads (src/server/db/schema*.ts): a table added to one
// of them is in every backup from then on; a new schema file is added here (a test
// compares this list with the database's tables).
const SCHEMA_MODULES: Record<string, unknown>[] = [
  main,
  accounts,
  followUps,
  integrations,
  lists,
  reports,
]

export interface BackupTable {
  name: string
  /** Primary key columns: rows are read in this order, a batch at a time. */
  key: string[]
}

function tablesOfSchema(): { table: BackupTable; references: string[] }[] {
  const found = SCHEMA_MODULES.flatMap((module) => Object.values(module)).filter(
    (value): value is PgTable => is(value, PgTable),
  )
  return found.map((table) => {
    const config = getTableConfig(table)
    const composite = config.primaryKeys[0]?.columns.map((column) => column.name)
    const single = config.columns.filter((column) => column.primary).map((column) => column.name)
    const references = config.foreignKeys
      .map((fk) => getTableConfig(fk.reference().foreignTable).name)
      .filter((name) => name !== config.name)
    return { table: { name: config.name, key: composite ?? single }, references }
  })
}

/**
 * The schema's tables, each after the tables it refers to (so a restore inserts a row's
 * referenced rows first), ties by name so every backup lists them in the same order.
 */
export function backupTables(): BackupTable[] {
  const pending = tablesOfSchema().sort((a, b) => a.table.name.localeCompare(b.table.name))
  const ordered: BackupTable[] = []
  const placed = new Set<string>()
  while (pending.length > 0) {
    const next = pending.findIndex((t) => t.references.every((name) => placed.has(name)))
    // A cycle of references would need deferred constraints; the schema has none.
    if (next < 0)
      throw new Error(`Tables refer to each other in a cycle: ${pending[0]?.table.name}`)
    const [{ table }] = pending.splice(next, 1) as [(typeof pending)[number]]
    ordered.push(table)
    placed.add(table.name)
  }
  return ordered
}

export interface SchemaLevel {
  /** How many migrations the schema has had. */
  migrations: number
  /** The last migration's tag, `0014_webhook_event_order`. */
  last: string
  /** Every migration's tag, in order. */
  tags: string[]
}

/** The migration level this code brings a database to (openDatabase migrates to it). */
export function schemaLevel(): SchemaLevel {
  const journal = path.join(projectRoot, 'src/server/db/migrations/meta/_journal.json')
  const { entries } = JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string }[] }
  const tags = entries.map((entry) => entry.tag)
  return { migrations: tags.length, last: tags.at(-1) ?? '', tags }
}
