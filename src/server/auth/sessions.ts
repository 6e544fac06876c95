import type { FastifyRequest } from 'fastify'
import type { TokenPair } from '#shared/auth'
import type { AppConfig } from '../config'
import type { Db } from '../db/client'
import type { AgentAccount } from '../repositories/agents'
import {
  forgetExpiredRefreshTokens,
  recordRefreshToken,
  revokeRefreshTokens,
  spendRefreshToken,
} from '../repositories/refresh-tokens'
import { createSession, endOtherSessions, forgetDeadSessions } from '../repositories/sessions'
import { signToken, verifyToken } from './tokens'

// Sweeping expired refresh tokens now and then keeps the table to the live sessions.
const SWEEP_EVERY_MS = 10 * 60_000
let lastSweep = 0

/** Where a sign-in comes from, as the sessions list shows it. */
export interface SignInClient {
  userAgent: string
  ip: string
}

/** The sign-in's device and address: the raw User-Agent header and the client's address. */
export function signInClient(request: FastifyRequest): SignInClient {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip }
}

/** A new session for a sign-in, and its first tokens. */
export async function startSession(
  db: Db,
  config: AppConfig,
  account: Pick<AgentAccount, 'id' | 'tokenVersion'>,
  client: SignInClient,
): Promise<TokenPair> {
  const sessionId = await createSession(db, { agentId: account.id, ...client })
  return issueTokens(db, config, account, sessionId)
}

/** A new access and refresh token of `sessionId`; the refresh token is recorded unspent. */
export async function issueTokens(
  db: Db,
  config: AppConfig,
  account: Pick<AgentAccount, 'id' | 'tokenVersion'>,
  sessionId: string,
): Promise<TokenPair> {
  const now = Date.now()
  const [access, refresh] = await Promise.all([
    signToken(config, 'access', account.id, account.tokenVersion, now, sessionId),
    signToken(config, 'refresh', account.id, account.tokenVersion, now, sessionId),
  ])
  await recordRefreshToken(db, {
    jti: refresh.jti,
    agentId: account.id,
    expiresAt: refresh.expiresAt,
    sessionId,
  })
  if (now - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = now
    await forgetExpiredRefreshTokens(db)
    await forgetDeadSessions(db)
  }
  return { access: access.token, refresh: refresh.token }
}

export interface SpentRefresh {
  agentId: number
  version: number
  /** null for a refresh token issued before sessions existed. */
  sessionId: string | null
}

/**
 * Spends a refresh token and names its agent and session, or `undefined` when it cannot
 * be used: a bad or expired token, one of an ended session, or one spent before, which
 * revokes all of that agent's refresh tokens and ends its sessions (API.md "Tokens": a
 * second use means it was stolen).
 */
export async function spendRefresh(
  db: Db,
  config: AppConfig,
  refresh: string,
): Promise<SpentRefresh | undefined> {
  const token = await verifyToken(config.jwtSecret, refresh, 'refresh')
  if (!token) return undefined
  const spent = await spendRefreshToken(db, token.jti, token.userId)
  if (spent.outcome === 'reused') {
    await revokeRefreshTokens(db, token.userId)
    await endOtherSessions(db, token.userId, undefined)
  }
  if (spent.outcome !== 'spent') return undefined
  return { agentId: token.userId, version: token.version, sessionId: spent.sessionId }
}
