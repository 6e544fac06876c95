import { hashPassword } from '../../src/server/auth/passwords'
import type { Db } from '../../src/server/db/client'
import { createAgent, findAccountByUsername } from '../../src/server/repositories/agents'

export const TEAM_SIZE = 16

/** The team's sign-ins: one account per agent, role Agent (may read and write). */
export const TEAM_AGENTS = Array.from({ length: TEAM_SIZE }, (_, i) => ({
  username: `team.agent.${i + 1}`,
  password: `team-bench-password-${i + 1}`,
}))

/** The Admin the operations and webhook rows work as (backups, webhooks). */
export const BENCH_ADMIN = { username: 'bench.admin', password: 'bench-admin-password' }

/** Creates the accounts that are missing, as `npm run crm -- create-user` does. */
export async function createTeamAgents(db: Db): Promise<void> {
  const accounts = [
    ...TEAM_AGENTS.map((agent) => ({ ...agent, role: 'Agent' as const })),
    { ...BENCH_ADMIN, role: 'Admin' as const },
  ]
  for (const { username, password, role } of accounts) {
    if (await findAccountByUsername(db, username)) continue
    await createAgent(db, { username, passwordHash: await hashPassword(password), role })
  }
}
