import { asc, eq, sql } from 'drizzle-orm'
import type { AgentDirectory } from '#shared/agent'
import type { RoleName } from '#shared/constants'
import type { Db } from '../db/client'
import { agents, roles } from '../db/schema'

/** The active agents by username (ignoring case): the owner and assignee pickers' choices. */
export async function agentDirectory(db: Db): Promise<AgentDirectory> {
  const rows = await db
    .select({
      id: agents.id,
      username: agents.username,
      first_name: agents.firstName,
      last_name: agents.lastName,
      role: sql<RoleName>`${roles.name}`,
    })
    .from(agents)
    .innerJoin(roles, eq(roles.id, agents.roleId))
    .where(eq(agents.active, true))
    .orderBy(asc(sql`lower(${agents.username})`), asc(agents.id))
  return { Agents: rows }
}

/** Whether `id` is an active agent's (anyone who may own a customer). */
export async function isActiveAgent(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ active: agents.active }).from(agents).where(eq(agents.id, id))
  return row?.active === true
}
