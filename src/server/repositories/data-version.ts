import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { counters } from '../db/schema'

/**
 * Reads the data's version: how many transactions that changed customers, orders, agents
 * or the history have committed, counted by the database itself (migration 0006),
 * whoever made them. The query is prepared once. Throws as any query does when the
 * database does not answer.
 */
export function dataVersionReader(db: Db): () => Promise<number> {
  const query = db
    .select({ n: counters.n })
    .from(counters)
    .where(and(eq(counters.scope, 'changes'), eq(counters.name, '')))
    .prepare('data_version')
  return async () => {
    const [row] = await query.execute()
    return Number(row?.n ?? 0)
  }
}

/**
 * The data's version as it is when asked, read once for every request asking in the same
 * turn of the event loop: the read is sent after each of their calls, so it sees every
 * change committed before they asked (a client's own write on another server included).
 * Under load a turn takes in many requests, and the database answers one small query for
 * all of them.
 */
export class SharedVersion {
  private pending: Promise<number> | undefined

  constructor(private readonly read: () => Promise<number>) {}

  current(): Promise<number> {
    this.pending ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        this.pending = undefined
        this.read().then(resolve, reject)
      })
    })
    return this.pending
  }
}
