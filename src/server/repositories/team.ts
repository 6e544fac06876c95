import { and, eq, ilike, or, sql } from 'drizzle-orm'
import type { TeamAgent, TeamQuery } from '#shared/agent'
import type { RoleName } from '#shared/constants'
import type { Db } from '../db/client'
import { agents, lowered, roles } from '../db/schema'
import { createAgent, roleId, type NewAgent } from './agents'
import { recordChange, whole, type Change, type ChangeActor } from './history'
import { isoDate } from './iso-date'
import {
  cappedCount,
  finishPage,
  keyText,
  likePattern,
  pageOf,
  rowsToRead,
  type ListRows,
  type Sortable,
} from './list-page'

const columns = {
  id: agents.id,
  username: agents.username,
  email: agents.email,
  first_name: agents.firstName,
  last_name: agents.lastName,
  role: sql<RoleName>`${roles.name}`,
  active: agents.active,
  last_login: sql<
    string | null
  >`case when ${agents.lastLogin} is null then null else ${isoDate(agents.lastLogin)} end`,
}

const sortable: Sortable<'username' | 'email' | 'id'> = {
  keys: {
    username: { expr: lowered(agents.username), type: 'text' },
    email: { expr: lowered(agents.email), type: 'text' },
    id: { expr: agents.id, type: 'integer' },
  },
  id: agents.id,
  defaultOrdering: 'username',
}

/** The team screen's list: a team is small, so this reads agents directly. */
export async function listTeam(
  db: Db,
  query: TeamQuery,
): Promise<{ Agents: TeamAgent[] } & Omit<ListRows<TeamAgent>, 'rows'>> {
  const page = pageOf(sortable, query)
  const pattern = query.search ? likePattern(query.search) : undefined
  const where = pattern
    ? or(
        ilike(agents.username, pattern),
        ilike(agents.email, pattern),
        ilike(sql`${agents.firstName} || ' ' || ${agents.lastName}`, pattern),
      )
    : undefined
  const total = cappedCount(sql`select 1 from ${agents} where ${where ?? sql`true`}`)
  const read = await db
    .select({ ...columns, sort_key: keyText(page), total: sql<number>`${total.count}`.as('total') })
    .from(agents)
    .innerJoin(roles, eq(roles.id, agents.roleId))
    .where(and(where, page.after))
    .orderBy(...page.orderBy)
    .limit(rowsToRead(page))
    .offset(page.offset)
  const { rows, ...rest } = await finishPage(db, page, read, total)
  return { Agents: rows, ...rest }
}

export async function findTeamAgent(db: Db, id: number): Promise<TeamAgent | undefined> {
  const [row] = await db
    .select(columns)
    .from(agents)
    .innerJoin(roles, eq(roles.id, agents.roleId))
    .where(eq(agents.id, id))
  return row
}

/**
 * Adds an agent with its history entry (who, username, email and role; never the
 * password); `undefined` when the username is taken, ignoring case. A sign-up is made
 * by the new agent themself (`'self'`).
 */
export function addAgent(
  db: Db,
  input: NewAgent,
  actor: ChangeActor | 'self',
): Promise<TeamAgent | undefined> {
  return db.transaction(async (tx) => {
    const created = await createAgent(tx, input)
    const agent = created && (await findTeamAgent(tx, created.id))
    if (!agent) return undefined
    const by = actor === 'self' ? { id: agent.id, username: agent.username } : actor
    await recordChange(tx, by, {
      action: 'create',
      entity: 'agent',
      entityId: agent.id,
      summary: `Agent ${agent.username} added as ${agent.role}`,
      changes: whole({ username: agent.username, email: agent.email, role: agent.role }, 'created'),
    })
    return agent
  })
}

export type TeamChange = TeamAgent | 'not found' | 'last admin' | 'self'

/**
 * The active Admins, locked until the transaction ends: two changes that would each
 * leave one Admin cannot both pass the check (API.md: never no active Admin).
 */
async function lockActiveAdmins(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.roleId, roleId('Admin')), eq(agents.active, true)))
    .orderBy(agents.id)
    .for('update')
  return rows.map((row) => row.id)
}

interface AgentEdit {
  /** Why the change may not be made, given the agent and the locked active Admins. */
  refusal(before: TeamAgent, admins: number[]): TeamChange | undefined
  apply: { roleId: number } | { active: boolean }
  /** The agent afterwards, and its history entry. */
  after(before: TeamAgent): { agent: TeamAgent; change: Change }
}

/** One team change in one transaction with the active Admins locked, and its entry. */
function editAgent(db: Db, id: number, actor: ChangeActor, edit: AgentEdit): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx)
    const before = await findTeamAgent(tx, id)
    if (!before) return 'not found'
    const refused = edit.refusal(before, admins)
    if (refused !== undefined) return refused
    const { agent, change } = edit.after(before)
    await tx.update(agents).set(edit.apply).where(eq(agents.id, id))
    await recordChange(tx, actor, change)
    return agent
  })
}

const onlyAdmin = (admins: number[], id: number) => admins.length === 1 && admins[0] === id

/** Gives an agent a role, with its history entry; the last active Admin keeps its role. */
export function setAgentRole(
  db: Db,
  id: number,
  role: RoleName,
  actor: ChangeActor,
): Promise<TeamChange> {
  return editAgent(db, id, actor, {
    refusal: (before, admins) => {
      if (before.role === role) return before
      return role !== 'Admin' && onlyAdmin(admins, id) ? 'last admin' : undefined
    },
    apply: { roleId: roleId(role) },
    after: (before) => ({
      agent: { ...before, role },
      change: {
        action: 'role',
        entity: 'agent',
        entityId: id,
        summary: `${before.username}'s role ${before.role} → ${role}`,
        changes: { role: [before.role, role] },
      },
    }),
  })
}

/**
 * Activates or deactivates an agent, with its history entry. A deactivated agent's
 * tokens fail at once (authenticate reads `active`); no Admin deactivates itself, and
 * the last active Admin stays active.
 */
export function setAgentActive(
  db: Db,
  id: number,
  active: boolean,
  actor: ChangeActor,
): Promise<TeamChange> {
  return editAgent(db, id, actor, {
    refusal: (before, admins) => {
      if (before.active === active) return before
      if (!active && actor?.id === id) return 'self'
      return !active && onlyAdmin(admins, id) ? 'last admin' : undefined
    },
    apply: { active },
    after: (before) => ({
      agent: { ...before, active },
      change: {
        action: 'active',
        entity: 'agent',
        entityId: id,
        summary: `${before.username} ${active ? 'activated' : 'deactivated'}`,
        changes: { active: [before.active, active] },
      },
    }),
  })
}
