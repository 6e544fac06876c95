import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { agents } from '../db/schema'
import { recoveryCodes } from '../db/schema-accounts'
import { isoDate } from './iso-date'
import { recordChange, type ChangeActor } from './history'

export interface TwoStepState {
  username: string
  /** The secret being set up (not in use yet). */
  pendingSecret: string | null
  /** The secret in use; null while two-step sign-in is off. */
  secret: string | null
  enabledAt: string | null
}

export async function findTwoStep(db: Db, agentId: number): Promise<TwoStepState | undefined> {
  const [row] = await db
    .select({
      username: agents.username,
      pendingSecret: agents.totpPendingSecret,
      secret: agents.totpSecret,
      enabledAt: sql<string | null>`${isoDate(agents.totpEnabledAt)}`,
    })
    .from(agents)
    .where(eq(agents.id, agentId))
  return row
}

/** Keeps a new secret to set up; false when two-step sign-in is already on. */
export async function savePendingSecret(db: Db, agentId: number, secret: string): Promise<boolean> {
  const saved = await db
    .update(agents)
    .set({ totpPendingSecret: secret })
    .where(and(eq(agents.id, agentId), isNull(agents.totpSecret)))
    .returning({ id: agents.id })
  return saved.length > 0
}

const entry = (username: string, on: boolean) => ({
  action: '2fa' as const,
  entity: 'agent' as const,
  summary: `${username}'s two-step sign-in turned ${on ? 'on' : 'off'}`,
  changes: { two_step: [!on, on] as [boolean, boolean] },
})

/**
 * Puts the pending secret in use with new recovery codes (their hashes), with its
 * history entry; false when that secret is no longer the pending one (set up again, or
 * turned on meanwhile).
 */
export function enableTwoStep(
  db: Db,
  agentId: number,
  pendingSecret: string,
  codeHashes: string[],
  actor: ChangeActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(agents)
      .set({ totpSecret: pendingSecret, totpPendingSecret: null, totpEnabledAt: sql`now()` })
      .where(
        and(
          eq(agents.id, agentId),
          eq(agents.totpPendingSecret, pendingSecret),
          isNull(agents.totpSecret),
        ),
      )
      .returning({ username: agents.username })
    if (!row) return false
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.agentId, agentId))
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ agentId, codeHash })))
    await recordChange(tx, actor, { ...entry(row.username, true), entityId: agentId })
    return true
  })
}

/** Turns two-step sign-in off, with its history entry; false when it was not on. */
export function disableTwoStep(db: Db, agentId: number, actor: ChangeActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(agents)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null })
      .where(and(eq(agents.id, agentId), isNotNull(agents.totpSecret)))
      .returning({ username: agents.username })
    if (!row) return false
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.agentId, agentId))
    await recordChange(tx, actor, { ...entry(row.username, false), entityId: agentId })
    return true
  })
}

/** Spends one unused recovery code of the agent, in one statement (each works once). */
export async function spendRecoveryCode(
  db: Db,
  agentId: number,
  codeHash: string,
): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.agentId, agentId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return spent.length > 0
}
