import type { Database } from '../db/client'
import { CHANGES_CHANNEL } from '../repositories/history'

/** What a live stream tells (API.md "Live changes"). */
export interface ChangeEvent {
  entity: 'customer' | 'order' | 'agent' | 'note' | 'task'
  id: number | null
  action: string
  /** A note's or a task's customer (API contract "Notes", "Tasks"). */
  customer?: number | null
}

const ENTITIES: readonly string[] = ['customer', 'order', 'agent', 'note', 'task']

type Listener = (change: ChangeEvent) => void

function parse(payload: string): ChangeEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<ChangeEvent>
    if (typeof value.entity !== 'string' || !ENTITIES.includes(value.entity)) return undefined
    const change = { entity: value.entity, id: value.id ?? null, action: String(value.action) }
    return value.customer === undefined ? change : { ...change, customer: value.customer }
  } catch {
    return undefined
  }
}

/**
 * The server's one subscription to the database's change notifications, fanned out to
 * every open stream (and anything else in the process that must hear of changes).
 */
export class ChangeFeed {
  private readonly listeners = new Set<Listener>()
  private stop: (() => Promise<void>) | undefined

  async start(database: Database): Promise<void> {
    this.stop = await database.listen(CHANGES_CHANNEL, (payload) => {
      const change = parse(payload)
      if (change) for (const listener of this.listeners) listener(change)
    })
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get subscribers(): number {
    return this.listeners.size
  }

  async close(): Promise<void> {
    this.listeners.clear()
    await this.stop?.()
  }
}
