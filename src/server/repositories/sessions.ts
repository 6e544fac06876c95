import { randomUUID } from 'node:crypto'
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { RoleName } from '#shared/constants'
import type { SessionInfo } from '#shared/sessions'
import type { Db } from '../db/client'
import { agents, refreshTokens, roles } from '../db/schema'
import { sessions } from '../db/schema-accounts'

// last_used_at is written at most this often per session: a minute is precise enough for
// "last used", and spares every request a write.
const TOUCH_EVERY = sql`interval '60 seconds'`
const USER_AGENT_MAX = 300

export interface NewSession {
  agentId: number
  userAgent: string
  ip: string
}

/** A new session (one per sign-in); its id goes into every token issued for it. */
export async function createSession(db: Db, input: NewSession): Promise<string> {
  const id = randomUUID()
  await db.insert(sessions).values({
    id,
    agentId: input.agentId,
    userAgent: input.userAgent.slice(0, USER_AGENT_MAX),
    ip: input.ip,
  })
  return id
}

/** The agent behind an access token, with its session's standing, in one indexed read. */
export interface SessionAccount {
  id: number
  username: string
  tokenVersion: number
  role: RoleName
  active: boolean
  /** Whether the token's session exists, belongs to the agent and has not ended. */
  sessionLive: boolean
  /** last_used_at is more than a minute old: touch it. */
  sessionStale: boolean
}

function sessionAccountRead(db: Db) {
  const s = sessions
  return db
    .select({
      id: agents.id,
      username: agents.username,
      tokenVersion: agents.tokenVersion,
      role: sql<RoleName>`${roles.name}`,
      active: agents.active,
      sessionLive: sql<boolean>`(${s.id} is not null and ${s.endedAt} is null)`,
      sessionStale: sql<boolean>`coalesce(${s.lastUsedAt} < now() - ${TOUCH_EVERY}, false)`,
    })
    .from(agents)
    .innerJoin(roles, eq(roles.id, agents.roleId))
    .leftJoin(s, and(sql`${s.id} = ${sql.placeholder('sessionId')}`, eq(s.agentId, agents.id)))
    .where(eq(agents.id, sql.placeholder('agentId')))
    .prepare('session_account')
}

// Every signed-in request reads its account: built once per database and prepared, so
// neither the server (building the SQL) nor PostgreSQL (parsing and planning it, once per
// connection) repeats that work at each request.
const sessionAccountReads = new WeakMap<Db, ReturnType<typeof sessionAccountRead>>()

export async function findSessionAccount(
  db: Db,
  agentId: number,
  sessionId: string | undefined,
): Promise<SessionAccount | undefined> {
  let read = sessionAccountReads.get(db)
  if (!read) {
    read = sessionAccountRead(db)
    sessionAccountReads.set(db, read)
  }
  const [row] = await read.execute({ agentId, sessionId: sessionId ?? null })
  return row
}

/** Notes that a session was used now (called at most about once a minute per session). */
export async function touchSession(db: Db, id: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sessions.id, id), sql`${sessions.lastUsedAt} < now() - ${TOUCH_EVERY}`))
}

/** Whether the session exists, is the agent's and has not ended. */
export async function isSessionLive(db: Db, agentId: number, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.agentId, agentId), isNull(sessions.endedAt)))
  return row !== undefined
}

/** The agent's sessions whose refresh token is alive, most recently used first. */
export async function listSessions(
  db: Db,
  agentId: number,
  currentId: string | undefined,
): Promise<SessionInfo[]> {
  const s = sessions
  const t = refreshTokens
  const alive = sql`exists (select 1 from ${t} where ${t.sessionId} = ${s.id} and ${t.spentAt} is null and ${t.expiresAt} > now())`
  const rows = await db
    .select({
      id: s.id,
      created_at: s.createdAt,
      last_used_at: s.lastUsedAt,
      user_agent: s.userAgent,
      ip: s.ip,
    })
    .from(s)
    .where(and(eq(s.agentId, agentId), isNull(s.endedAt), alive))
    .orderBy(desc(s.lastUsedAt), s.id)
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: new Date(row.last_used_at).toISOString(),
    current: row.id === currentId,
  }))
}

/** Ends one of the agent's sessions; false when it has none by that id (or it had ended). */
export async function endSession(db: Db, agentId: number, id: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, id), eq(sessions.agentId, agentId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id })
  return ended.length > 0
}

/** Ends every session of the agent but `keepId` (all of them when it is undefined). */
export async function endOtherSessions(
  db: Db,
  agentId: number,
  keepId: string | undefined,
): Promise<number> {
  const mine = and(eq(sessions.agentId, agentId), isNull(sessions.endedAt))
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(keepId === undefined ? mine : and(mine, ne(sessions.id, keepId)))
    .returning({ id: sessions.id })
  return ended.length
}

/**
 * Forgets sessions none of whose refresh tokens is left (they are swept once expired):
 * every token of theirs has expired, so nothing can name them any more.
 */
export async function forgetDeadSessions(db: Db): Promise<void> {
  const t = refreshTokens
  await db.delete(sessions).where(
    // Not one just begun, whose refresh token is being recorded right now.
    sql`${sessions.createdAt} < now() - interval '10 minutes' and not exists (select 1 from ${t} where ${t.sessionId} = ${sessions.id})`,
  )
}
