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

/**
 * A query builder's statement, built now, to run again as it is. Unnamed, as Drizzle sends
 * any statement: the connection names and keeps it by its text (kept-plans.ts,
 * pglite-remote.ts) within its bounds. Drizzle's `prepare` takes no name at run time
 * (its own calls pass none); only its type asks for one.
 */
export const prepared = <P>(builder: Preparable<P>): P => builder.prepare(undefined as never)
