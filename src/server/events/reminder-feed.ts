import type { Reminder } from '#shared/reminders'
import type { Database } from '../db/client'
import { REMINDERS_CHANNEL } from '../jobs/reminders'
import { remindersById } from '../repositories/reminders'

type Listener = (reminder: Reminder) => void

// Reminders raised together (a batch of one statement) are read back together.
const GATHER_MS = 20

/**
 * Raised reminders, for the event streams open on this server: each announcement names
 * the reminder and its agent; those of agents with a stream here are read (with their
 * tasks, in one query per burst) and handed to that agent's listeners only.
 */
export class ReminderFeed {
  private readonly listeners = new Map<number, Set<Listener>>()
  private pending: { id: number; agent: number }[] = []
  private timer: NodeJS.Timeout | undefined
  private stop: (() => Promise<void>) | undefined

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(REMINDERS_CHANNEL, (payload) => this.heard(payload))
  }

  subscribe(agentId: number, listener: Listener): () => void {
    const own = this.listeners.get(agentId) ?? new Set()
    own.add(listener)
    this.listeners.set(agentId, own)
    return () => {
      own.delete(listener)
      if (own.size === 0) this.listeners.delete(agentId)
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.timer)
    this.listeners.clear()
    await this.stop?.()
  }

  private heard(payload: string): void {
    let raised: { id?: unknown; agent?: unknown }
    try {
      raised = JSON.parse(payload) as typeof raised
    } catch {
      return
    }
    const { id, agent } = raised
    if (typeof id !== 'number' || typeof agent !== 'number' || !this.listeners.has(agent)) return
    this.pending.push({ id, agent })
    this.timer ??= setTimeout(() => void this.deliver(), GATHER_MS)
  }

  private async deliver(): Promise<void> {
    const batch = this.pending
    this.pending = []
    this.timer = undefined
    const agentOf = new Map(batch.map(({ id, agent }) => [id, agent]))
    let read: Reminder[]
    try {
      read = await remindersById(this.database.db, [...agentOf.keys()])
    } catch {
      // The database went away: these stay in the agent's list (GET /api/reminders/).
      return
    }
    for (const reminder of read) {
      const own = this.listeners.get(agentOf.get(reminder.id) ?? 0)
      for (const listener of own ?? []) listener(reminder)
    }
  }
}
