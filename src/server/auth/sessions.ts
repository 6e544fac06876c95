import type { TokenPair } from '../../shared/auth'
import type { AppConfig } from '../config'
import type { Db } from '../db/client'
import type { AgentAccount } from '../repositories/agents'
import {
  forgetExpiredRefreshTokens,
  recordRefreshToken,
  revokeRefreshTokens,
  spendRefreshToken,
} from '../repositories/refresh-tokens'
import { signToken, verifyToken } from './tokens'

// Sweeping expired refresh tokens now and then keeps the table to the live sessions.
const SWEEP_EVERY_MS = 10 * 60_000
let lastSweep = 0

/** A new access and refresh token for `account`; the refresh token is recorded unspent. */
export async function issueTokens(
  db: Db,
  config: AppConfig,
  account: Pick<AgentAccount, 'id' | 'tokenVersion'>,
): Promise<TokenPair> {
  const [access, refresh] = await Promise.all([
    signToken(config, 'access', account.id, account.tokenVersion),
    signToken(config, 'refresh', account.id, account.tokenVersion),
  ])
  await recordRefreshToken(db, {
    jti: refresh.jti,
    agentId: account.id,
    expiresAt: refresh.expiresAt,
  })
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now()
    await forgetExpiredRefreshTokens(db)
  }
  return { access: access.token, refresh: refresh.token }
}

/**
 * Spends a refresh token and names its agent, or `undefined` when it cannot be used: a
 * bad or expired token, or one spent before, which revokes all of that agent's refresh
 * tokens (API.md "Tokens": a second use means it was stolen).
 */
export async function spendRefresh(
  db: Db,
  config: AppConfig,
  refresh: string,
): Promise<{ agentId: number; version: number } | undefined> {
  const token = await verifyToken(config.jwtSecret, refresh, 'refresh')
  if (!token) return undefined
  const outcome = await spendRefreshToken(db, token.jti, token.userId)
  if (outcome === 'reused') await revokeRefreshTokens(db, token.userId)
  return outcome === 'spent' ? { agentId: token.userId, version: token.version } : undefined
}
