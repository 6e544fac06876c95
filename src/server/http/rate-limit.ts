import type { Db } from '../db/client'
import { forgetAttemptsBefore, giveBackAttempt, takeAttempt } from '../repositories/rate-limits'

/**
 * Fixed-window attempt limits (API.md "Limits"). An attempt is counted when it starts,
 * before the password is checked, so attempts sent together cannot slip past the limit;
 * one that turns out allowed (a good login) is given back.
 */
export interface WindowLimit {
  /** Attempts allowed in one window; the next one is refused. */
  max: number
  windowMs: number
}

export interface Verdict {
  blocked: boolean
  /** Whole seconds until the window ends (for `Retry-After`); 0 when not blocked. */
  retryAfter: number
}

export interface AttemptCounter {
  take(key: string): Promise<Verdict>
  giveBack(key: string): Promise<void>
}

function verdict(limit: WindowLimit, hits: number, windowStart: number, now: number): Verdict {
  if (hits <= limit.max) return { blocked: false, retryAfter: 0 }
  const ms = windowStart + limit.windowMs - now
  return { blocked: true, retryAfter: Math.max(1, Math.ceil(ms / 1000)) }
}

// Past this many keys, expired windows are swept; past MAX_KEYS the oldest are dropped,
// so a flood of distinct usernames cannot grow memory without bound.
const SWEEP_AT = 10_000
const MAX_KEYS = 100_000

/** Counts in this process's memory: the embedded database has one server process. */
export class MemoryAttempts implements AttemptCounter {
  private readonly windows = new Map<string, { start: number; hits: number }>()
  private lastSweep = 0

  constructor(
    private readonly limit: WindowLimit,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): Promise<Verdict> {
    const now = this.now()
    let window = this.windows.get(key)
    if (!window || now - window.start >= this.limit.windowMs) {
      this.windows.delete(key)
      this.makeRoom(now)
      window = { start: now, hits: 0 }
      this.windows.set(key, window)
    }
    window.hits++
    return Promise.resolve(verdict(this.limit, window.hits, window.start, now))
  }

  giveBack(key: string): Promise<void> {
    const window = this.windows.get(key)
    if (window && window.hits > 0) window.hits--
    return Promise.resolve()
  }

  private makeRoom(now: number) {
    if (this.windows.size >= SWEEP_AT && now - this.lastSweep >= 1000) {
      for (const [key, window] of this.windows) {
        if (now - window.start >= this.limit.windowMs) this.windows.delete(key)
      }
      this.lastSweep = now
    }
    // A Map iterates in insertion order: the first key is the oldest window.
    while (this.windows.size >= MAX_KEYS) {
      const oldest = this.windows.keys().next().value
      if (oldest === undefined) break
      this.windows.delete(oldest)
    }
  }
}

const SWEEP_EVERY_MS = 60_000

/** Counts in PostgreSQL, so every server sharing the database sees the same numbers. */
export class SharedAttempts implements AttemptCounter {
  private lastSweep = 0

  constructor(
    private readonly db: Db,
    /** Keeps this limit's keys apart from the others' in the shared table. */
    private readonly name: string,
    private readonly limit: WindowLimit,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string): Promise<Verdict> {
    const now = this.now()
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now
      await forgetAttemptsBefore(this.db, now - this.limit.windowMs * 2)
    }
    const state = await takeAttempt(this.db, `${this.name}:${key}`, now, this.limit.windowMs)
    return verdict(this.limit, state.hits, state.windowStart, now)
  }

  giveBack(key: string): Promise<void> {
    return giveBackAttempt(this.db, `${this.name}:${key}`)
  }
}

export interface RateLimits {
  /** Failed logins per username and per address. */
  login: WindowLimit
  /** Sign-ups per address. */
  signup: WindowLimit
  /** Wrong current passwords per agent. */
  password: WindowLimit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 60_000 },
  signup: { max: 20, windowMs: 60_000 },
  password: { max: 10, windowMs: 60_000 },
}

export type Limiters = Record<keyof RateLimits, AttemptCounter>

/** In PostgreSQL when it is the database (shared by every server), else in process. */
export function createLimiters(
  database: { db: Db; kind: 'pglite' | 'postgres' },
  limits: RateLimits,
  now?: () => number,
): Limiters {
  const make = (name: keyof RateLimits) =>
    database.kind === 'postgres'
      ? new SharedAttempts(database.db, name, limits[name], now)
      : new MemoryAttempts(limits[name], now)
  return { login: make('login'), signup: make('signup'), password: make('password') }
}
