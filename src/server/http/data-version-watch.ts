import type { Database } from '../db/client'
import type { Unlisten } from '../db/notifications'

/** Where the database tells each new version of the data (migration 0007). */
export const DATA_VERSION_CHANNEL = 'crm_data_version'

// A failed read of the version, once listening, is tried again after this long.
const RETRY_MS = 1_000

/**
 * The data's version on a PostgreSQL shared by several servers, kept by listening: every
 * transaction that changes customers, orders, agents or the history tells its new version
 * as it commits, whoever made it (a server, the command line, psql). Once listening, the
 * version is read once, so nothing committed before is missed; after that it costs the
 * database nothing per request.
 *
 * While the connection is lost the version is not known (null): the server gives no
 * remembered answer, and works each one out, which answers 503 if the database is down.
 */
export class DataVersionWatch {
  private version = 0
  private known = false
  private connection = 0
  private pending: Promise<number | null> | undefined
  private unlisten: Unlisten | undefined
  private caughtUp: Promise<void> = Promise.resolve()

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      DATA_VERSION_CHANNEL,
      (payload) => this.saw(Number(payload)),
      (listening) => {
        this.connection += 1
        this.known = false
        if (listening) this.caughtUp = this.catchUp(this.connection)
      },
    )
    await this.caughtUp
  }

  async close(): Promise<void> {
    await this.unlisten?.()
  }

  /**
   * The version once the server has looked at its connections again after the request
   * came in (the next turn of the event loop, which polls them): a notice that had reached
   * the server by then, or a lost connection, is taken in before the request is answered.
   * Shared by every request of the turn.
   */
  current(): Promise<number | null> {
    this.pending ??= new Promise((resolve) => {
      // The first wait ends this turn, the second comes after the next poll.
      setImmediate(() => {
        this.pending = undefined
        setImmediate(() => resolve(this.known ? this.version : null))
      })
    })
    return this.pending
  }

  private saw(version: number): void {
    if (Number.isSafeInteger(version) && version > this.version) this.version = version
  }

  private async catchUp(connection: number): Promise<void> {
    try {
      const version = await this.database.dataVersion()
      if (connection !== this.connection) return
      this.saw(version)
      this.known = true
    } catch {
      if (connection !== this.connection) return
      setTimeout(() => {
        if (connection === this.connection) this.caughtUp = this.catchUp(connection)
      }, RETRY_MS).unref()
    }
  }
}
