import { createWriteStream } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '../db/client'
import { BackupError } from './format'
import { restoreBackup } from './restore'
import { writeBackup } from './write'

const rowsIn = (tables: Record<string, number>) =>
  Object.values(tables).reduce((sum, n) => sum + n, 0)

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * `crm backup --out FILE`: written beside FILE under a temporary name and renamed when
 * complete, so FILE is never a backup cut short.
 */
export async function writeBackupFile(database: Database, file: string): Promise<string> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`)
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 })
  try {
    await new Promise<void>((resolve, reject) => {
      out.once('open', () => resolve())
      out.once('error', reject)
    })
  } catch (error) {
    const { code } = error as { code?: string }
    const why = code === 'EEXIST' ? `${partial} exists (another backup running?)` : String(code)
    throw new BackupError(`Cannot write ${file}: ${why}`)
  }
  try {
    const summary = await writeBackup(database, out)
    await rename(partial, file)
    const { size } = await stat(file)
    const { customers = 0, orders = 0 } = summary.tables
    return `Wrote ${file} (${megabytes(size)}): ${rowsIn(summary.tables)} rows, ${customers} customers and ${orders} orders`
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}

/** `crm restore --in FILE [--force]`. */
export async function restoreBackupFile(
  database: Database,
  file: string,
  options: { force: boolean; where: string },
): Promise<string> {
  const { header, tables } = await restoreBackup(database, file, options)
  const { customers = 0, orders = 0, agents = 0 } = tables
  return `Restored ${file} (taken ${header.created_at} from the ${header.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}) into ${options.where}: ${agents} agents, ${customers} customers, ${orders} orders, ${rowsIn(tables)} rows in all`
}
