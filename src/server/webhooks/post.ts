import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Destination } from './safe-address'

/** How a delivery attempt ended: the receiver's status, or why none came. */
export type PostOutcome = { status: number } | { error: string }

/**
 * POSTs `body` to `url`, connecting to `to` (the address already checked, so a name
 * cannot resolve elsewhere in between). No redirect is followed; the whole exchange gets
 * `timeoutMs`, after which the connection is dropped (as it is when `signal` aborts). The
 * answer's body is not read.
 */
export function postOnce(
  url: string,
  to: Destination,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<PostOutcome> {
  const target = new URL(url)
  const client = target.protocol === 'https:' ? https : http
  // Node asks this for the name in the URL: it gets the checked address, nothing else.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: to.address, family: to.family }])
    else callback(null, to.address, to.family)
  }
  return new Promise((resolve) => {
    let settled = false
    const settle = (outcome: PostOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', stop)
      request.destroy()
      resolve(outcome)
    }
    const request = client.request(target, {
      method: 'POST',
      agent: false,
      lookup: pinned,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    })
    const timer = setTimeout(
      () => settle({ error: `No answer within ${timeoutMs / 1000} seconds.` }),
      timeoutMs,
    )
    const stop = () => settle({ error: 'The server stopped before the answer came.' })
    if (signal?.aborted) stop()
    else signal?.addEventListener('abort', stop)
    request.on('response', (response) => {
      response.resume()
      settle({ status: response.statusCode ?? 0 })
    })
    request.on('error', (error) => settle({ error: `Could not connect: ${error.message}` }))
    request.end(body)
  })
}
