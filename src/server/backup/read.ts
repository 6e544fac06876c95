import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { createGunzip } from 'node:zlib'
import type { z } from 'zod'
import {
  BackupError,
  CONTROL_PREFIX,
  controlLineSchema,
  FORMAT,
  FORMAT_VERSION,
  headerSchema,
  type BackupHeader,
  type BackupTrailer,
} from './format'
import { schemaLevel } from './tables'

export const messages = {
  foreign: (file: string) => `${file} is not a Rapport CRM backup.`,
  truncated: (file: string) =>
    `${file} is incomplete: it ends before the backup does (was the copy cut short?).`,
  damaged: (file: string) => `${file} is damaged: its content does not match its checksum.`,
}

/** The backup's lines, without their line ends; gzip and file errors as BackupError. */
export async function* backupLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file)
  const gunzip = createGunzip()
  input.on('error', (error) => gunzip.destroy(error))
  gunzip.setEncoding('utf8')
  input.pipe(gunzip)
  let rest = ''
  let started = false
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      started = true
      const parts = (rest + chunk).split('\n')
      rest = parts.pop() ?? ''
      yield* parts
    }
  } catch (error) {
    throw unreadable(file, error, started)
  } finally {
    input.destroy()
  }
  if (rest !== '') yield rest
}

function unreadable(file: string, error: unknown, started: boolean): BackupError {
  const { code, message } = error as { code?: string; message?: string }
  if (code === 'ENOENT') return new BackupError(`Cannot read ${file}: there is no such file.`)
  if (code === 'EACCES') return new BackupError(`Cannot read ${file}: permission denied.`)
  if (code === 'EISDIR') return new BackupError(`Cannot read ${file}: it is a folder.`)
  if (code === 'Z_BUF_ERROR') return new BackupError(messages.truncated(file))
  // Not gzip at all, from its first bytes: something else than a backup.
  if (!started && /header check/.test(message ?? '')) return new BackupError(messages.foreign(file))
  return new BackupError(messages.damaged(file))
}

function parsed<T>(schema: z.ZodType<T>, text: string): T | undefined {
  try {
    const result = schema.safeParse(JSON.parse(text))
    return result.success ? result.data : undefined
  } catch {
    return undefined
  }
}

export interface VerifiedBackup {
  header: BackupHeader
  trailer: BackupTrailer
}

/**
 * Reads the whole file once and checks it can be restored by this version: gzip intact,
 * a backup's header, every line in its place, the row counts and the SHA-256 as the
 * trailer says, a schema this code knows. Writes nothing; memory stays flat.
 */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  const lines = backupLines(file)
  try {
    return await verifyLines(file, lines)
  } finally {
    // Closes the file however the check ended.
    await lines.return(undefined)
  }
}

async function verifyLines(file: string, lines: AsyncGenerator<string>): Promise<VerifiedBackup> {
  const first = await lines.next()
  const header = first.done ? undefined : parsed(headerSchema, first.value)
  if (!header) {
    // An empty gzip, or gzip of something else.
    if (first.done || !first.value.startsWith(`{"@":"${FORMAT}"`)) {
      throw new BackupError(messages.foreign(file))
    }
    throw new BackupError(messages.damaged(file))
  }
  checkLevel(file, header)
  const hash = createHash('sha256').update(`${first.value}\n`)
  const counts: Record<string, number> = {}
  let table: string | undefined
  let trailer: BackupTrailer | undefined
  for await (const text of lines) {
    if (trailer) throw new BackupError(messages.damaged(file))
    if (!text.startsWith(CONTROL_PREFIX)) {
      if (table === undefined) throw new BackupError(messages.damaged(file))
      counts[table] = (counts[table] ?? 0) + 1
      hash.update(`${text}\n`)
      continue
    }
    const control = parsed(controlLineSchema, text)
    if (!control) throw new BackupError(messages.damaged(file))
    if (control['@'] === 'end') {
      trailer = control
      continue
    }
    hash.update(`${text}\n`)
    table = control['@'] === 'table' ? control.name : undefined
    if (control['@'] === 'table') counts[control.name] = 0
  }
  if (!trailer) throw new BackupError(messages.truncated(file))
  const countsMatch = JSON.stringify(counts) === JSON.stringify(trailer.tables)
  if (!countsMatch || hash.digest('hex') !== trailer.sha256) {
    throw new BackupError(messages.damaged(file))
  }
  return { header, trailer }
}

function checkLevel(file: string, header: BackupHeader): void {
  if (header.version > FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written by a newer Rapport CRM (backup format ${header.version}); update Rapport CRM to restore it.`,
    )
  }
  const level = schemaLevel()
  if (header.migrations > level.migrations) {
    throw new BackupError(
      `${file} holds a newer database schema (${header.last_migration}); update Rapport CRM to restore it.`,
    )
  }
  if (level.tags[header.migrations - 1] !== header.last_migration) {
    throw new BackupError(
      `${file} comes from a database schema this Rapport CRM does not know (${header.last_migration}).`,
    )
  }
}
