import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SettingsError } from './settings'

const LOCK_FILE = 'in-use.pid'

/** Creates the data folder if needed (private: 0700) and proves a file can be written in it. */
export function ensureWritableDir(dir: string, name = 'CRM_DATA_DIR'): void {
  const probe = path.join(dir, `.write-test-${process.pid}`)
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(probe, '')
    rmSync(probe, { force: true })
  } catch (error) {
    throw new SettingsError(`${name} folder ${dir} is not writable: ${reason(error)}`)
  }
}

/**
 * Claims the embedded database folder for this process. PGlite is single-process: a
 * second server, or the command line next to a running server, would corrupt it.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new SettingsError(`Cannot claim the data folder ${dir}: ${reason(error)}`)
      }
    }
    const holder = Number(readFileSync(file, 'utf8').trim())
    if (isAlive(holder)) {
      throw new SettingsError(
        `The embedded database in ${dir} is in use by process ${holder}; stop it first (or delete ${file} if that process is not a Rapport CRM server)`,
      )
    }
    // Left behind by a process that died without closing: take it over.
    rmSync(file, { force: true })
  }
  throw new SettingsError(`Cannot claim the data folder ${dir}: another process keeps claiming it`)
}

function isAlive(pid: number): boolean {
  // Our own pid means a previous run in a container (always pid 1) left the file.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A system error as a short phrase, e.g. "permission denied (EACCES)". */
export function reason(error: unknown): string {
  const err = error as NodeJS.ErrnoException | undefined
  const known: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ENOTDIR: 'a part of the path is a file, not a folder',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on device',
    EEXIST: 'a file is in the way',
  }
  if (err?.code && known[err.code]) return `${known[err.code]} (${err.code})`
  // AggregateError (e.g. ECONNREFUSED on both ::1 and 127.0.0.1) has an empty message.
  const inner = (error as { errors?: unknown[] } | undefined)?.errors?.[0]
  const message = err?.message || (inner ? reason(inner) : '') || err?.code || String(error)
  return message.split('\n')[0] ?? 'unknown error'
}

/**
 * The data folder holds password hashes (in the database files and its WAL) and the
 * signing key: only the server's own user may read it, whatever the umask was. Existing
 * files are tightened, and files created from now on by this process are private.
 */
export function makePrivate(dir: string): void {
  process.umask(0o077)
  const walk = (folder: string) => {
    chmodSync(folder, 0o700)
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) chmodSync(full, 0o600)
    }
  }
  try {
    walk(dir)
  } catch (error) {
    throw new SettingsError(`Cannot make the data folder ${dir} private: ${reason(error)}`)
  }
}
