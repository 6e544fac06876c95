import type { FastifyRequest } from 'fastify'
import { API_KEY_START } from '#shared/api-keys'
import type { Db } from '../db/client'
import { forbidden, unauthorized } from '../http/errors'
import { findKeyAccount, touchApiKey } from '../repositories/api-keys'
import type { Actor } from './authenticate'

/**
 * The data routes a key may use (API contract "API keys and webhooks"): customers, orders,
 * notes, tasks, reminders, reports, statistics, history, views, exports, imports, events.
 * Every other signed-in route (agents, passwords, two-step, sessions, keys, webhooks,
 * backup, and any route added later) answers 403 to a key.
 */
const KEY_ROUTES = [
  '/api/customers',
  '/api/orders',
  '/api/notes',
  '/api/tasks',
  '/api/reminders',
  '/api/reports',
  '/api/stats',
  '/api/history',
  '/api/views',
  '/api/events',
]

// An event stream opened with a key ends after this long, as one opened with an access
// token ends when the token does; the client reconnects, and a revoked key is refused.
const KEY_STREAM_SECONDS = 300

export const isApiKey = (bearer: string) => bearer.startsWith(API_KEY_START)

/** Whether a key may call the route whose pattern is `route` (e.g. /api/customers/:id). */
export function keyMayUse(route: string | undefined): boolean {
  if (route === undefined) return false
  return KEY_ROUTES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`))
}

/**
 * The actor of a request made with an API key: the route is checked first (403 before
 * anything else is looked at), then the key in the database on every request (a revoked
 * or expired key is 401 at once, on every server).
 */
export async function authenticateKey(
  db: Db,
  request: FastifyRequest,
  secret: string,
): Promise<Actor> {
  if (!keyMayUse(request.routeOptions.url)) {
    throw forbidden('An API key cannot be used here: sign in as an Admin.')
  }
  const account = await findKeyAccount(db, secret)
  if (!account || account.creatorId === null) {
    throw unauthorized('The API key is invalid, revoked or expired.')
  }
  if (account.stale) await touchApiKey(db, account.keyId)
  const streamEnd = Math.floor(Date.now() / 1000) + KEY_STREAM_SECONDS
  return {
    id: account.creatorId,
    username: account.creatorUsername ?? '',
    role: account.role,
    tokenExpiresAt: Math.min(account.expiresAt ?? streamEnd, streamEnd),
    key: { id: account.keyId, name: account.keyName },
  }
}
