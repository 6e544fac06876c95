import { z } from 'zod'

/**
 * A backup is one gzip file of UTF-8 lines: a header, then per table a line naming it
 * and its columns followed by one line per row (the row as PostgreSQL's to_jsonb writes
 * it), then the sequences, then a trailer with the row counts and the SHA-256 of every
 * line before it. Control lines are JSON objects whose first key is "@"; a row never has
 * a column named "@".
 */
export const FORMAT = 'rapport-crm-backup'
/** Raised when a change to the format would mislead an older reader. */
export const FORMAT_VERSION = 1

export const CONTROL_PREFIX = '{"@":'

export const headerSchema = z.object({
  '@': z.literal(FORMAT),
  version: z.number().int().positive(),
  /** How many migrations the database had: it restores into this level or a later one. */
  migrations: z.number().int().positive(),
  last_migration: z.string(),
  database: z.enum(['pglite', 'postgres']),
  created_at: z.string(),
})
export type BackupHeader = z.infer<typeof headerSchema>

export const tableLineSchema = z.object({
  '@': z.literal('table'),
  name: z.string(),
  columns: z.array(z.string()),
})

export const sequenceLineSchema = z.object({
  '@': z.literal('sequence'),
  name: z.string(),
  /** As text: a bigint sequence may pass 2^53. */
  value: z.string().regex(/^-?\d{1,20}$/),
  called: z.boolean(),
})
export type SequenceLine = z.infer<typeof sequenceLineSchema>

export const trailerSchema = z.object({
  '@': z.literal('end'),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
})
export type BackupTrailer = z.infer<typeof trailerSchema>

export const controlLineSchema = z.discriminatedUnion('@', [
  tableLineSchema,
  sequenceLineSchema,
  trailerSchema,
])

/** A backup that cannot be used, or a restore refused; its message is one line. */
export class BackupError extends Error {
  override name = 'BackupError'
}

/** `rapport-2026-11-26.backup`: the server's UTC date. */
export function backupFileName(now = new Date()): string {
  return `rapport-${now.toISOString().slice(0, 10)}.backup`
}
