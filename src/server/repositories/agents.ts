import { eq, sql } from 'drizzle-orm'
import type { Agent, AgentProfile } from '#shared/agent'
import { normalUsername } from '#shared/auth'
import { ROLES, type RoleName } from '#shared/constants'
import type { Db } from '../db/client'
import { agents, roles } from '../db/schema'
import { describeChanges, diff, recordChange, type ChangeActor } from './history'
import { endOtherSessions } from './sessions'

/** An agent row as the auth code needs it (never sent to a client). */
export interface AgentAccount {
  id: number
  username: string
  passwordHash: string
  tokenVersion: number
  role: RoleName
  active: boolean
  /** Two-step sign-in is on: a right password asks for a code next. */
  twoStep: boolean
}

export interface NewAgent {
  username: string
  /** From auth/passwords.ts `hashPassword`: a repository never sees a password. */
  passwordHash: string
  email?: string
  role: RoleName
}

/** The role's id in the roles table (seeded in ROLES order by the first migration). */
export const roleId = (role: RoleName) => ROLES.indexOf(role) + 1

const accountColumns = {
  id: agents.id,
  username: agents.username,
  passwordHash: agents.passwordHash,
  tokenVersion: agents.tokenVersion,
  role: sql<RoleName>`${roles.name}`,
  active: agents.active,
  twoStep: sql<boolean>`${agents.totpSecret} is not null`,
}

const publicColumns = {
  id: agents.id,
  username: agents.username,
  first_name: agents.firstName,
  last_name: agents.lastName,
  email: agents.email,
  phone: agents.phone,
  country: agents.country,
  city: agents.city,
  timezone: agents.timezone,
  role: sql<string>`${roles.name}`,
}

/** Inserts an agent; `undefined` when the username is taken (ignoring case). */
export async function createAgent(db: Db, input: NewAgent): Promise<Agent | undefined> {
  const [row] = await db
    .insert(agents)
    .values({
      username: input.username,
      passwordHash: input.passwordHash,
      email: input.email ?? '',
      roleId: roleId(input.role),
    })
    .onConflictDoNothing()
    .returning({ id: agents.id })
  return row ? findAgent(db, row.id) : undefined
}

export async function findAgent(db: Db, id: number): Promise<Agent | undefined> {
  const [row] = await db
    .select(publicColumns)
    .from(agents)
    .innerJoin(roles, eq(roles.id, agents.roleId))
    .where(eq(agents.id, id))
  return row
}

export async function findAccountById(db: Db, id: number): Promise<AgentAccount | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(agents)
    .innerJoin(roles, eq(roles.id, agents.roleId))
    .where(eq(agents.id, id))
  return row
}

export async function findAccountByUsername(
  db: Db,
  username: string,
): Promise<AgentAccount | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(agents)
    .innerJoin(roles, eq(roles.id, agents.roleId))
    .where(sql`lower(${agents.username}) = ${normalUsername(username)}`)
  return row
}

const profileColumns = {
  first_name: agents.firstName,
  last_name: agents.lastName,
  email: agents.email,
  phone: agents.phone,
  country: agents.country,
  city: agents.city,
}

/**
 * Changes an agent's profile with its history entry (an `update`, as API.md names an
 * agent's own edit); a save that changes nothing writes nothing.
 */
export function updateAgentProfile(
  db: Db,
  id: number,
  profile: AgentProfile,
  actor: ChangeActor,
): Promise<Agent | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ username: agents.username, ...profileColumns })
      .from(agents)
      .where(eq(agents.id, id))
      .for('update')
    if (!before) return undefined
    const { username, ...fields } = before
    const changes = diff(fields, profile)
    if (Object.keys(changes).length > 0) {
      await tx
        .update(agents)
        .set({
          firstName: profile.first_name,
          lastName: profile.last_name,
          email: profile.email,
          phone: profile.phone,
          country: profile.country,
          city: profile.city,
        })
        .where(eq(agents.id, id))
      await recordChange(tx, actor, {
        action: 'update',
        entity: 'agent',
        entityId: id,
        summary: `Agent ${username} ${describeChanges(changes)}`,
        changes,
      })
    }
    return findAgent(tx, id)
  })
}

/**
 * Stores a new password hash and revokes every token issued before (and ends every
 * session), with its history entry (which names the change, never the password or the
 * hash).
 */
export function setPasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  actor: ChangeActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(agents)
      .set({ passwordHash, tokenVersion: sql`${agents.tokenVersion} + 1` })
      .where(eq(agents.id, id))
      .returning({ username: agents.username })
    if (!row) return false
    await endOtherSessions(tx, id, undefined)
    await recordChange(tx, actor, {
      action: 'password',
      entity: 'agent',
      entityId: id,
      summary: `${row.username}'s password changed`,
      changes: {},
    })
    return true
  })
}

/** Notes a successful sign-in for the team screen. */
export async function noteSignIn(db: Db, id: number): Promise<void> {
  await db
    .update(agents)
    .set({ lastLogin: sql`now()` })
    .where(eq(agents.id, id))
}

export async function countAgents(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(agents)
  return row?.n ?? 0
}
