import { api, refreshAccessToken } from '../../api/client'
import { getAccessToken, isExpired } from '../../lib/tokens'
import { readEventStream, type ServerSentEvent } from './event-stream'

/** BEYOND.md "Live": the first try a second after a drop, then backing off to 10 s. */
export const FIRST_RETRY_MS = 1_000
export const MAX_RETRY_MS = 10_000
/** The server pings every 25 s: a stream silent for two of them is a dead connection. */
const SILENCE_MS = 60_000

interface StreamHandlers {
  onEvent: (event: ServerSentEvent) => void
  /** True once a stream is open, false each time it drops or a try fails. */
  onConnection: (up: boolean) => void
}

/**
 * Keeps GET /api/events/ open until `signal` aborts: reads it, and when it ends (the
 * access token expired), drops or is refused, opens it again after a backoff.
 */
export async function followEventStream(
  signal: AbortSignal,
  { onEvent, onConnection }: StreamHandlers,
): Promise<void> {
  let retry = FIRST_RETRY_MS
  while (!signal.aborted) {
    const connection = new AbortController()
    const drop = () => connection.abort()
    signal.addEventListener('abort', drop)
    let silence: ReturnType<typeof setTimeout> | undefined
    const heard = () => {
      clearTimeout(silence)
      silence = setTimeout(drop, SILENCE_MS)
    }
    try {
      const body = await openStream(connection.signal)
      onConnection(true)
      retry = FIRST_RETRY_MS
      heard()
      await readEventStream(body, { onEvent, onActivity: heard, signal: connection.signal })
    } catch {
      // Refused, dropped or aborted: tried again below, unless the dashboard closed.
    } finally {
      clearTimeout(silence)
      signal.removeEventListener('abort', drop)
    }
    if (signal.aborted) return
    onConnection(false)
    await sleep(retry, signal)
    retry = Math.min(retry * 2, MAX_RETRY_MS)
  }
}

/**
 * Through the one HTTP client, so the stream gets the same token handling as every call:
 * the access token attached, a 401 refreshed once and asked again, the session ended
 * when that fails. `EventSource` could not send the token (it takes no headers).
 */
async function openStream(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  // The stream ends when the token expires: ask with a fresh one rather than earn a 401.
  const access = getAccessToken()
  if (access && isExpired(access)) await refreshAccessToken()
  const response = await api.get('events/', { signal, headers: { Accept: 'text/event-stream' } })
  if (!response.body) throw new Error('The live stream has no body')
  return response.body
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
}
