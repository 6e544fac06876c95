import { hashPassword } from '../../src/server/auth/passwords'
import type { Db } from '../../src/server/db/client'
import { createAgent, findAccountByUsername } from '../../src/server/repositories/agents'

export const TEAM_SIZE = 16

/** The team's sign-ins: one account per agent, role Agent (may read and write). */
export const TEAM_AGENTS = Array.from({ length: TEAM_SIZE }, (_, i) => ({
  username: `team.agent.${i + 1}`,
  password: `team-bench-password-${i + 1}`,
}))

/** Creates the accounts that are missing, as `npm run crm -- create-user` does. */
export async function createTeamAgents(db: Db): Promise<void> {
  for (const { username, password } of TEAM_AGENTS) {
    if (await findAccountByUsername(db, username)) continue
    await createAgent(db, { username, passwordHash: await hashPassword(password), role: 'Agent' })
  }
}
