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

/** A statement's name: a hash of its text; none for one matching a pattern (PATTERN). */
export function statementName(text: string): string | undefined {
  if (PATTERN.test(text)) return undefined
  return `kept_${createHash('sha1').update(text).digest('base64url')}`
}

/**
 * The names of the statements one connection keeps, the least recently used first, and
 * at most KEPT_PER_CONNECTION of them: a new one takes the place of the least recently
 * used (kept first come, the statements a server met first held every place, and the
 * bench's last rows were parsed and planned at every call).
 */
export class KeptNames {
  private readonly names = new Set<string>()

  has(name: string): boolean {
    return this.names.has(name)
  }

  /** Whether `name` is kept; if so, it is now the most recently used. */
  use(name: string): boolean {
    if (!this.names.delete(name)) return false
    this.names.add(name)
    return true
  }

  add(name: string): void {
    this.names.add(name)
  }

  /** Gives up the least recently used until one more fits beside `reserved`; answers them. */
  makeRoom(reserved = 0): string[] {
    const given: string[] = []
    for (const name of this.names) {
      if (this.names.size + reserved < KEPT_PER_CONNECTION) break
      this.names.delete(name)
      given.push(name)
    }
    return given
  }

  /** Whether one more fits beside `reserved`. */
  hasRoom(reserved = 0): boolean {
    return this.names.size + reserved < KEPT_PER_CONNECTION
  }
}

/** The part of node-postgres's connection that records the statements parsed on it. */
interface Parsed {
  connection?: { parsedStatements?: Record<string, string> }
}

/**
 * Has each connection of the pool keep its statements prepared (PostgreSQL): Drizzle
 * sends every query unnamed, so PostgreSQL parses and plans it again at each call, which
 * under a team's load took as much of its CPU as running them (a tasks page: 1.45 ms of
 * planning for 1.55 ms of work). Named by a hash of the text, a statement is parsed once
 * per connection, and PostgreSQL keeps a plan for it when a generic one costs no more
 * than planning each call (its own choice; values still vary per call). Bounded: at most
 * KEPT_PER_CONNECTION statements a connection (each holds a little server memory), the
 * least recently used deallocated to make room for a new one (KeptNames), and never one
 * that matches a pattern (PATTERN).
 */
export function keepPlans(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const kept = new KeptNames()
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    const parsed = (client as unknown as Parsed).connection?.parsedStatements
    const deallocate = (name: string) => {
      // Not parsed (its first call failed): nothing to deallocate, which would fail and
      // end the transaction it ran in. Queued before the call that needs the room;
      // node-postgres forgets the name once it is gone, so a later call parses it again.
      if (parsed?.[name] === undefined) return
      query(`DEALLOCATE "${name}"`, (error: unknown) => {
        if (!error) delete parsed?.[name]
      })
    }
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const named = nameOf(config, kept, parsed ? deallocate : undefined)
      return query(named ? { ...(config as object), name: named } : config, ...rest)
    }) as typeof client.query
  })
}

function nameOf(
  config: unknown,
  kept: KeptNames,
  deallocate: ((name: string) => void) | undefined,
): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined
  const { text, name } = config as QueryConfig
  if (typeof text !== 'string' || name !== undefined) return undefined
  const hashed = statementName(text)
  if (hashed === undefined) return undefined
  if (kept.use(hashed)) return hashed
  if (!deallocate && !kept.hasRoom()) return undefined
  for (const name of kept.makeRoom()) deallocate?.(name)
  kept.add(hashed)
  return hashed
}
