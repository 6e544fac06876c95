import { Column, is, SQL, Subquery } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { Db } from './client'

/** How many built statements each database keeps (a few kB each). */
const KEPT = 500

const keptOf = new WeakMap<Db, LRUCache<string, object>>()

/**
 * What `build` makes for `key` on `db`, made once and kept (the least recently used go
 * first). For a statement that depends only on its request: Drizzle builds a statement's
 * text from its query builder at every call, and for a Tasks page that took a fifth of the
 * server thread's work, with the garbage it leaves; the same agent's screens ask the same
 * few requests again and again (a segment, a zone). Only the built statement is kept,
 * prepared (`prepared()`), never an answer: every call runs it in the database. `key`
 * must name everything the statement is built from.
 */
export function builtOnce<T extends object>(db: Db, key: string, build: () => T): T {
  let kept = keptOf.get(db)
  if (!kept) {
    kept = new LRUCache<string, object>({ max: KEPT })
    keptOf.set(db, kept)
  }
  const found = kept.get(key) as T | undefined
  if (found) return found
  const made = build()
  kept.set(key, made)
  return made
}

interface Preparable<P> {
  prepare(name: string): P
}

/** What a prepared select of Drizzle's holds to turn its rows (arrays) into objects. */
interface SelectedRows {
  fields?: { path: string[]; field: unknown }[]
  customResultMapper?: (rows: unknown[][]) => unknown
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown
}

/** The decoder Drizzle's mapResultRow picks for a selected field (a column, SQL, alias). */
function decoderOf(field: unknown): Decoder {
  // SQL's decoder is Drizzle's own (its types leave it out); mapResultRow reads it so.
  const decoder = (sql: unknown) => (sql as { decoder: Decoder }).decoder
  if (is(field, Column)) return field
  if (is(field, SQL)) return decoder(field)
  if (is(field, Subquery)) return decoder(field._.sql)
  return decoder((field as SQL.Aliased).sql)
}

/**
 * Rows of a flat selection (every field at the top level) as Drizzle's mapResultRow makes
 * them, with each field's decoder found once: found again for every field of every row,
 * as mapResultRow does, it took a tenth of the server thread's work on a page of 50
 * tasks. A nested selection keeps Drizzle's own mapping (undefined).
 */
export function rowReader(
  fields: SelectedRows['fields'],
): ((rows: unknown[][]) => Record<string, unknown>[]) | undefined {
  if (!fields || fields.some(({ path }) => path.length !== 1)) return undefined
  const names = fields.map(({ path }) => path[0]!)
  const decoders = fields.map(({ field }) => decoderOf(field))
  return (rows) =>
    rows.map((row) => {
      const object: Record<string, unknown> = {}
      for (let i = 0; i < names.length; i++) {
        const value = row[i]
        object[names[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value)
      }
      return object
    })
}

/**
 * A query builder's statement, built now, to run again as it is, its rows read by
 * rowReader. Unnamed, as Drizzle sends any statement: the connection names and keeps it
 * by its text (kept-plans.ts, pglite-remote.ts) within its bounds. Drizzle's `prepare`
 * takes no name at run time (its own calls pass none); only its type asks for one.
 */
export function prepared<P>(builder: Preparable<P>): P {
  const statement = builder.prepare(undefined as never)
  const selected = statement as unknown as SelectedRows
  selected.customResultMapper ??= rowReader(selected.fields)
  return statement
}
