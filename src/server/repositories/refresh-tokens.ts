import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { refreshTokens } from '../db/schema'
import { sessions } from '../db/schema-accounts'

export interface IssuedRefreshToken {
  jti: string
  agentId: number
  /** Seconds since the epoch. */
  expiresAt: number
  /** The session (one sign-in) it belongs to. */
  sessionId: string
}

export async function recordRefreshToken(db: Db, token: IssuedRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values({
    jti: token.jti,
    agentId: token.agentId,
    expiresAt: new Date(token.expiresAt * 1000),
    sessionId: token.sessionId,
  })
}

/**
 * `spent`: it was unspent and is spent now; `reused`: spent before (a stolen copy, or a
 * replay); `ended`: its session was ended (it is refused, but is no sign of theft).
 */
export type SpendOutcome =
  { outcome: 'spent'; sessionId: string | null } | { outcome: 'reused' | 'ended' | 'unknown' }

/**
 * Spends a refresh token in one statement, so two requests racing with the same token
 * cannot both spend it; a token of an ended session is not spent.
 */
export async function spendRefreshToken(
  db: Db,
  jti: string,
  agentId: number,
): Promise<SpendOutcome> {
  const t = refreshTokens
  const mine = and(eq(t.jti, jti), eq(t.agentId, agentId))
  const sessionEnded = sql`exists (select 1 from ${sessions} where ${sessions.id} = ${t.sessionId} and ${sessions.endedAt} is not null)`
  const [spent] = await db
    .update(t)
    .set({ spentAt: sql`now()` })
    .where(and(mine, isNull(t.spentAt), sql`not ${sessionEnded}`))
    .returning({ sessionId: t.sessionId })
  if (spent) return { outcome: 'spent', sessionId: spent.sessionId }
  const [known] = await db
    .select({ ended: sql<boolean>`${sessionEnded}` })
    .from(t)
    .where(mine)
  if (!known) return { outcome: 'unknown' }
  return { outcome: known.ended ? 'ended' : 'reused' }
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
