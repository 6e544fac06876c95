import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { canWrite, type RoleName } from '#shared/constants'
import type { Db } from '../db/client'
import { forbidden, unauthorized } from '../http/errors'
import { findSessionAccount, touchSession } from '../repositories/sessions'
import { authenticateKey, isApiKey } from './api-key-auth'
import { verifyToken } from './tokens'

/** Who is calling, attached to the request by `authenticate`. */
export interface Actor {
  id: number
  username: string
  role: RoleName
  /** When the access token expires (seconds since the epoch): a live stream ends then. */
  tokenExpiresAt: number
  /** The sign-in the token belongs to (none for tokens issued before sessions existed). */
  sessionId?: string
  /** Set when the request came with an API key: it acts in its creator's name. */
  key?: { id: number; name: string }
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/

/**
 * Verifies the `Authorization: Bearer` access token and loads its agent with its
 * session's standing. Runs at onRequest, before the body is read, so nothing about a
 * request is looked at before we know who sends it.
 *
 * The agent and the session are read on every request, in one indexed query, never from
 * a cache: an ended session, a role change, a deactivation or a password change made on
 * any server stops the very next request on every other.
 */
export function authenticate(db: Db, secret: Uint8Array): onRequestAsyncHookHandler {
  return async function authenticateHook(request: FastifyRequest) {
    const match = BEARER.exec(request.headers.authorization ?? '')
    if (!match?.[1]) throw unauthorized('Authentication credentials were not provided.')
    if (isApiKey(match[1])) {
      request.actor = await authenticateKey(db, request, match[1])
      return
    }
    const token = await verifyToken(secret, match[1], 'access')
    if (!token) throw unauthorized('The access token is invalid or expired.')
    const account = await findSessionAccount(db, token.userId, token.sessionId)
    // A password change moves tokenVersion, and a deactivation clears `active`: the
    // tokens issued before either stop working at once. A token without a session was
    // issued before sessions existed: it lives until it expires (minutes).
    const sessionOk = token.sessionId === undefined || account?.sessionLive
    if (!account || !account.active || account.tokenVersion !== token.version || !sessionOk) {
      throw unauthorized('The access token is invalid or expired.')
    }
    if (token.sessionId !== undefined && account.sessionStale) {
      await touchSession(db, token.sessionId)
    }
    request.actor = {
      id: account.id,
      username: account.username,
      role: account.role,
      tokenExpiresAt: token.expiresAt,
      sessionId: token.sessionId,
    }
  }
}

/** The signed-in agent; only call behind `authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized()
  return request.actor
}

/** The signed-in agent as a history entry names it, with the key's name if one was used. */
export function changeActorOf(request: FastifyRequest): {
  id: number
  username: string
  key?: string
} {
  const { id, username, key } = actorOf(request)
  return key ? { id, username, key: key.name } : { id, username }
}

/** Refuses customer and order writes to a Tester, before the body is even validated. */
export function requireWriter(request: FastifyRequest): Promise<void> {
  if (canWrite(actorOf(request).role)) return Promise.resolve()
  return Promise.reject(forbidden('Your role may read customers and orders but not change them.'))
}
