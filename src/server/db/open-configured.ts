import path from 'node:path'
import { ensureWritableDir, lockDataDir, makePrivate, reason } from '../data-dir'
import { describeDatabaseUrl, SettingsError, type DatabaseSettings } from '../settings'
import { openDatabase, type Database } from './client'

export interface ConfiguredDatabase {
  database: Database
  /** Where the data lives, for messages: never carries a password. */
  where: string
  /** Closes the database and gives the data folder back. */
  close(): Promise<void>
}

/**
 * Opens the database the settings point at, as the server and the command line both
 * need it: PGlite in a writable, claimed data folder, or PostgreSQL at DATABASE_URL.
 * Every failure is a SettingsError with one line an operator can act on.
 */
export async function openConfiguredDatabase(
  settings: Omit<DatabaseSettings, 'dbPool'> & Partial<Pick<DatabaseSettings, 'dbPool'>>,
): Promise<ConfiguredDatabase> {
  if (settings.databaseUrl) return openPostgres(settings.databaseUrl, settings.dbPool)
  const dir = path.resolve(settings.dataDir)
  ensureWritableDir(dir)
  makePrivate(dir)
  const release = lockDataDir(dir)
  let database: Database
  try {
    database = await openDatabase({ dataDir: dir })
    // A new database is unpacked from PGlite's template with its files' modes (0666):
    // tighten them too. Files created from now on follow the umask makePrivate set.
    makePrivate(dir)
  } catch (error) {
    release()
    throw new SettingsError(`Cannot open the embedded database in ${dir}: ${reason(error)}`)
  }
  return {
    database,
    where: `the embedded database in ${dir}`,
    close: async () => {
      try {
        await database.close()
      } finally {
        release()
      }
    },
  }
}

async function openPostgres(url: string, poolSize?: number): Promise<ConfiguredDatabase> {
  const shown = describeDatabaseUrl(url)
  let database: Database
  try {
    database = await openDatabase({ url, poolSize })
  } catch (error) {
    const what = isConnectionError(error) ? 'Cannot connect to' : 'Cannot prepare'
    throw new SettingsError(`${what} the database at ${shown}: ${hidePassword(reason(error), url)}`)
  }
  return { database, where: `PostgreSQL at ${shown}`, close: () => database.close() }
}

// SQLSTATE classes 08 (connection), 28 (authentication), 3D (no such database) and
// 57P (server shutting down or starting); errors without one come from the network.
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || /^(08|28|3D|57P)/.test(code)
}

// Belt and braces: no driver message should echo the URL, but a password must never
// reach a terminal or a log even if one does.
function hidePassword(message: string, url: string): string {
  const withoutUrl = message.split(url).join(describeDatabaseUrl(url))
  let password = ''
  try {
    password = decodeURIComponent(new URL(url).password)
  } catch {
    // Not a URL at all: nothing more to pick out of it.
  }
  return password ? withoutUrl.split(password).join('***') : withoutUrl
}
