import { createHash } from 'node:crypto'
import type pg from 'pg'

/** Statements one connection keeps prepared; past this, the rest run as before. */
export const KEPT_PER_CONNECTION = 64

/**
 * A statement whose best plan depends on a pattern's value is planned for each value:
 * a kept (generic) plan of `LIKE $1` would guess the pattern's selectivity, and a search
 * of two letters taken for a rare one would read a trigram index that cannot serve it.
 */
export const PATTERN = /\b(?:i?like|similar to)\b|~~|~\*/i

type QueryConfig = { text?: unknown; name?: unknown }

/**
 * Has each connection of the pool keep its statements prepared (PostgreSQL): Drizzle
 * sends every query unnamed, so PostgreSQL parses and plans it again at each call, which
 * under a team's load took as much of its CPU as running them (a tasks page: 1.45 ms of
 * planning for 1.55 ms of work). Named by a hash of the text, a statement is parsed once
 * per connection, and PostgreSQL keeps a plan for it when a generic one costs no more
 * than planning each call (its own choice; values still vary per call). Bounded: at most
 * KEPT_PER_CONNECTION statements a connection (each holds a little server memory), and
 * never one that matches a pattern (PATTERN).
 */
export function keepPlans(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const kept = new Set<string>()
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const named = nameOf(config, kept)
      return query(named ? { ...(config as object), name: named } : config, ...rest)
    }) as typeof client.query
  })
}

function nameOf(config: unknown, kept: Set<string>): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined
  const { text, name } = config as QueryConfig
  if (typeof text !== 'string' || name !== undefined || PATTERN.test(text)) return undefined
  const hashed = `kept_${createHash('sha1').update(text).digest('base64url')}`
  if (kept.has(hashed)) return hashed
  if (kept.size >= KEPT_PER_CONNECTION) return undefined
  kept.add(hashed)
  return hashed
}
