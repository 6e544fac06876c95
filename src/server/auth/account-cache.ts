import type { Db } from '../db/client'
import { findAccountById, type AgentAccount } from '../repositories/agents'

// Long enough to spare most requests a database read, short enough that a change whose
// notification were lost would still take effect within seconds.
const TTL_MS = 5_000
const MAX_ENTRIES = 10_000

/**
 * The agent behind each access token, read once every few seconds instead of on every
 * request. Every role, activation and password change is announced (the change feed),
 * and the server that makes one forgets the agent at once, so such a change still
 * stops the agent's next request.
 */
export class AccountCache {
  private readonly entries = new Map<number, { account: AgentAccount | undefined; at: number }>()

  constructor(
    private readonly db: Db,
    private readonly enabled = true,
    private readonly now: () => number = Date.now,
  ) {}

  async get(id: number): Promise<AgentAccount | undefined> {
    if (!this.enabled) return findAccountById(this.db, id)
    const cached = this.entries.get(id)
    if (cached && this.now() - cached.at < TTL_MS) return cached.account
    const account = await findAccountById(this.db, id)
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
    this.entries.set(id, { account, at: this.now() })
    return account
  }

  forget(id: number): void {
    this.entries.delete(id)
  }

  clear(): void {
    this.entries.clear()
  }
}
