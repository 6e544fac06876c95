/**
 * Fixed-window counters kept in this process's memory (API.md "Limits"). With several
 * servers behind one address each keeps its own window, so the effective limit is
 * multiplied by the number of servers; acceptable for the login and sign-up guards.
 */
export interface WindowLimit {
  /** Hits allowed in one window; the next one is refused. */
  max: number
  windowMs: number
}

export interface Verdict {
  blocked: boolean
  /** Whole seconds until the window ends (for `Retry-After`); 0 when not blocked. */
  retryAfter: number
}

interface Window {
  start: number
  hits: number
}

// Past this many keys, expired windows are swept; past MAX_KEYS the oldest are dropped,
// so a flood of distinct usernames cannot grow memory without bound.
const SWEEP_AT = 10_000
const MAX_KEYS = 100_000

export class WindowCounter {
  private readonly windows = new Map<string, Window>()
  private lastSweep = 0

  constructor(
    private readonly limit: WindowLimit,
    private readonly now: () => number = Date.now,
  ) {}

  check(key: string): Verdict {
    const window = this.current(key)
    if (!window || window.hits < this.limit.max) return { blocked: false, retryAfter: 0 }
    const ms = window.start + this.limit.windowMs - this.now()
    return { blocked: true, retryAfter: Math.max(1, Math.ceil(ms / 1000)) }
  }

  hit(key: string): void {
    const window = this.current(key)
    if (window) {
      window.hits++
      return
    }
    if (this.windows.size >= SWEEP_AT && this.now() - this.lastSweep >= 1000) this.sweep()
    // A Map iterates in insertion order: the first key is the oldest window.
    while (this.windows.size >= MAX_KEYS) {
      const oldest = this.windows.keys().next().value
      if (oldest === undefined) break
      this.windows.delete(oldest)
    }
    this.windows.set(key, { start: this.now(), hits: 1 })
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key)
    if (window && this.now() - window.start >= this.limit.windowMs) {
      this.windows.delete(key)
      return undefined
    }
    return window
  }

  private sweep() {
    const now = this.now()
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.limit.windowMs) this.windows.delete(key)
    }
    this.lastSweep = now
  }
}

export interface RateLimits {
  /** Failed logins per username and per address. */
  login: WindowLimit
  /** Sign-ups per address. */
  signup: WindowLimit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 60_000 },
  signup: { max: 20, windowMs: 60_000 },
}
