import pg from 'pg'

/** Stops listening. */
export type Unlisten = () => Promise<void>

const RETRY_MS = [1_000, 2_000, 5_000, 10_000]

/**
 * LISTEN on `channel` over a connection of its own (a pooled one would be handed back),
 * reconnecting with backoff when PostgreSQL goes away, so notifications sent by every
 * server sharing the database reach this one once it is back. `onListening` hears when
 * the connection is listening and when it is lost (what was sent meanwhile is missed).
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onListening?: (listening: boolean) => void,
): Promise<Unlisten> {
  let stopped = false
  let client: pg.Client | undefined
  let attempt = 0
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload)
    })
    next.on('error', () => undefined)
    next.once('end', () => {
      if (client === next) onListening?.(false)
      if (!stopped) retry()
    })
    await next.connect()
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    client = next
    attempt = 0
    onListening?.(true)
  }
  const retry = () => {
    const delay = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]
    setTimeout(() => {
      if (!stopped) connect().catch(retry)
    }, delay).unref()
  }
  await connect()
  return async () => {
    stopped = true
    await client?.end().catch(() => undefined)
  }
}
