import { apiPrefix } from '../api/prefix'
import { getAccessToken, isExpired } from '../lib/tokens'

// GETs sent as a page starts, before React, Mantine and the routed app's code have been
// run (start-requests.ts, which main.tsx imports before anything else, says which); the
// app would otherwise ask only once all that code has run. api/client.ts's first hook hands
// an answer to the app's own request for the same address, once, when the request carries
// the token it was sent with; no token, an expired one (the guard refreshes it first), a
// failed send or another address leave the app to ask as usual.

/** An API path as api/client.ts is given it ('customers/') and its search parameters. */
export type EarlyRequest = [path: string, params?: object]

const sent = new Map<string, { token: string; response: Promise<Response | undefined> }>()

/** The address ky makes of `path` and its `searchParams` (undefined values left out). */
function apiUrl([path, params = {}]: EarlyRequest): string {
  const url = new URL(path, apiPrefix)
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.append(key, String(value))
  }
  return url.href
}

/** Sends `requests` with the stored access token, when there is one and it is unexpired. */
export function sendEarlyRequests(requests: EarlyRequest[]): void {
  const token = getAccessToken()
  if (!token || isExpired(token)) return
  for (const request of requests) {
    const url = apiUrl(request)
    const response = fetch(url, { headers: { authorization: `Bearer ${token}` } }).catch(
      () => undefined,
    )
    sent.set(url, { token, response })
  }
}

/**
 * api/client.ts's hook: the early answer to `request`, given out once, when it is a GET of an
 * address sent early with the token the request carries; undefined otherwise (and when the
 * early send failed), so ky sends the request itself.
 */
export function takeEarlyResponse(request: Request): Promise<Response | undefined> | undefined {
  const early = request.method === 'GET' ? sent.get(request.url) : undefined
  if (!early) return undefined
  sent.delete(request.url)
  return request.headers.get('authorization') === `Bearer ${early.token}`
    ? early.response
    : undefined
}
