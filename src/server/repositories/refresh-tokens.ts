import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { refreshTokens } from '../db/schema'

export interface IssuedRefreshToken {
  jti: string
  agentId: number
  /** Seconds since the epoch. */
  expiresAt: number
}

export async function recordRefreshToken(db: Db, token: IssuedRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values({
    jti: token.jti,
    agentId: token.agentId,
    expiresAt: new Date(token.expiresAt * 1000),
  })
}

/**
 * Spends a refresh token in one statement, so two requests racing with the same token
 * cannot both spend it. `reused`: it had been spent before (a stolen copy, or a replay).
 */
export async function spendRefreshToken(
  db: Db,
  jti: string,
  agentId: number,
): Promise<'spent' | 'reused' | 'unknown'> {
  const t = refreshTokens
  const mine = and(eq(t.jti, jti), eq(t.agentId, agentId))
  const spent = await db
    .update(t)
    .set({ spentAt: sql`now()` })
    .where(and(mine, isNull(t.spentAt)))
    .returning({ jti: t.jti })
  if (spent.length > 0) return 'spent'
  const [known] = await db.select({ jti: t.jti }).from(t).where(mine)
  return known ? 'reused' : 'unknown'
}

/** Spends every refresh token of an agent: all its sessions must sign in again. */
export async function revokeRefreshTokens(db: Db, agentId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ spentAt: sql`now()` })
    .where(and(eq(refreshTokens.agentId, agentId), isNull(refreshTokens.spentAt)))
}

/** Expired tokens can prove nothing any more: drop them. */
export async function forgetExpiredRefreshTokens(db: Db): Promise<void> {
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, sql`now()`))
}
