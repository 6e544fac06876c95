import ky, { isHTTPError } from 'ky'
import type { TokenPair } from '#shared/auth'
import type { ErrorBody } from '#shared/errors'
import { notifyUnauthorized } from '../lib/session-end'
import { clearSession, getAccessToken, getRefreshToken, setTokens } from '../lib/tokens'
import { takeEarlyResponse } from '../start/early-requests'
import { apiPrefix } from './prefix'

/** An error answer: the server's sentence as message (STYLE rule 8), status kept for callers. */
export class ApiError extends Error {
  readonly status: number
  readonly fields: Record<string, string> | undefined
  /** The body's `error` sentence when the server sent one (the message falls back otherwise). */
  readonly serverMessage: string | undefined
  /**
   * A 409's `current`: the record as it is now, after someone else's change (API.md "Edits
   * that never overwrite another's"). Unchecked here; the edit dialog checks it with its schema.
   */
  readonly current: unknown
  /** Whole seconds of a 429's or 503's `Retry-After`, when it carried a number. */
  readonly retryAfter: number | undefined

  constructor(
    status: number,
    body: Partial<ErrorBody> & { current?: unknown } = {},
    headers?: Headers,
  ) {
    super(body.error ?? `Request failed with status ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.fields = body.fields
    this.serverMessage = body.error
    this.current = body.current
    this.retryAfter = secondsOf(headers?.get('retry-after'))
  }
}

// Retry-After in seconds; the HTTP-date form is not sent by this server.
function secondsOf(value: string | null | undefined): number | undefined {
  const seconds = value ? Number(value) : NaN
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined
}

// Calls that answer 401 for a bad pair / bad refresh token: refreshing there makes no sense.
const NO_REFRESH_PATHS = [
  '/api/users/token',
  '/api/users/token/2fa',
  '/api/register',
  '/api/token/refresh',
]
const isAuthCall = (url: string) => {
  const path = new URL(url).pathname.replace(/\/$/, '')
  return NO_REFRESH_PATHS.includes(path)
}

function endSession(): void {
  clearSession()
  notifyUnauthorized()
}

// This module is on every page's first load, the landing page's included: plain checks
// instead of the shared zod schemas keep zod out of that download (its budget is 150 KB).
const isErrorBody = (data: unknown): data is ErrorBody =>
  typeof data === 'object' && data !== null && typeof (data as ErrorBody).error === 'string'
const isTokenPair = (data: unknown): data is TokenPair =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as TokenPair).access === 'string' &&
  typeof (data as TokenPair).refresh === 'string'

// Concurrent 401s share one refresh call instead of racing with the same refresh token.
let refreshing: Promise<boolean> | null = null

/**
 * POST /api/token/refresh/ with the stored refresh token; stores the new pair on 200.
 * A refresh token works once (API.md "Tokens"): tabs share local storage, so they take
 * turns (Web Locks), and a tab that finds the token already renewed by another uses it.
 */
export function refreshAccessToken(): Promise<boolean> {
  const seen = getRefreshToken()
  refreshing ??= oneTabAtATime(async () => {
    const refresh = getRefreshToken()
    if (!refresh) return false
    if (refresh !== seen) return true
    try {
      const body = await ky
        .post('token/refresh/', { prefix: apiPrefix, json: { refresh }, retry: 0 })
        .json()
      if (!isTokenPair(body)) return false
      setTokens(body)
      return true
    } catch {
      return false
    }
  }).finally(() => {
    refreshing = null
  })
  return refreshing
}

function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  // Browsers without Web Locks (and jsdom) refresh without the cross-tab turn.
  return typeof navigator !== 'undefined' && 'locks' in navigator
    ? navigator.locks.request('rapport-token-refresh', task)
    : task()
}

const OWN_DELETE_MEMORY_MS = 10_000
// API path ('customers/7') → when this tab sent a DELETE for it.
const ownDeletes = new Map<string, number>()

function rememberDelete(url: string): void {
  const now = Date.now()
  for (const [path, at] of ownDeletes) if (now - at > OWN_DELETE_MEMORY_MS) ownDeletes.delete(path)
  ownDeletes.set(new URL(url).pathname.replace(/^\/api\/|\/$/g, ''), now)
}

/**
 * Whether this tab asked, in the last few seconds, to delete the record at `path`
 * ('customers/7'). The live stream's echo of a delete finds its page already leaving.
 */
export function deletedHere(path: string): boolean {
  const at = ownDeletes.get(path)
  return at !== undefined && Date.now() - at <= OWN_DELETE_MEMORY_MS
}

/** The one HTTP client of the web app. */
export const api = ky.create({
  prefix: apiPrefix,
  // limit 1 leaves room for the single forced retry after a refresh; shouldRetry false
  // turns off ky's automatic retries (a POST must never be sent twice on its own).
  retry: { limit: 1, shouldRetry: () => false },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        // Noted as it is sent: the change event may arrive before this answer does.
        if (request.method === 'DELETE') rememberDelete(request.url)
        const access = getAccessToken()
        if (access) request.headers.set('Authorization', `Bearer ${access}`)
        // The answer to the same request sent as the page started, if there is one.
        return takeEarlyResponse(request)
      },
    ],
    afterResponse: [
      async ({ request, response, retryCount }) => {
        if (response.status !== 401 || isAuthCall(request.url)) return undefined
        if (retryCount === 0 && (await refreshAccessToken())) {
          const headers = new Headers(request.headers)
          headers.set('Authorization', `Bearer ${getAccessToken() ?? ''}`)
          return ky.retry({ request: new Request(request, { headers }), delay: 0 })
        }
        endSession()
        return undefined
      },
    ],
    beforeError: [
      ({ error }) => {
        if (!isHTTPError(error)) return error
        const { status, headers } = error.response
        return new ApiError(status, isErrorBody(error.data) ? error.data : undefined, headers)
      },
    ],
  },
})
