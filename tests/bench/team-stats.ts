// What the team's load counts: for each kind (and each named call) its times, errors and
// conflicts, and every call in the whole mix; only what starts within the measured window.
import type { Outcome } from './team-kinds'

export interface Figures {
  requests: number
  perSecond: number
  p50: number
  p95: number
  p99: number
  /** Answers other than 2xx (no answer at all included), except expected 409s. */
  errors: number
  /** 409s to a PUT with its version: another agent's edit came first. */
  conflicts: number
}

/** One run's figures, as the load process prints them (JSON). */
export interface LoadFigures {
  seconds: number
  /** The load process's own CPU time, warm-up included (it shares the machine). */
  loadCpuSeconds: number
  kinds: Record<string, Figures>
  mix: Figures
}

interface Samples {
  times: number[]
  errors: number
  conflicts: number
}

const empty = (): Samples => ({ times: [], errors: 0, conflicts: 0 })

/** Nearest rank: the smallest time with at least `share` of the times at or below it. */
function percentile(sorted: number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? NaN
}

function figures(samples: Samples, seconds: number): Figures {
  const sorted = Float64Array.from(samples.times).sort()
  const times = Array.from(sorted)
  return {
    requests: times.length,
    perSecond: times.length / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    errors: samples.errors,
    conflicts: samples.conflicts,
  }
}

export class Recorder {
  private readonly kinds = new Map<string, Samples>()
  private readonly mix = empty()

  private from = Infinity
  private to = -Infinity

  /** From now on, counts what starts at or after `from` and before `to` (performance.now()). */
  measure(from: number, to: number) {
    this.from = from
    this.to = to
  }

  private counts(started: number): boolean {
    return started >= this.from && started < this.to
  }

  private add(samples: Samples, ms: number, result: Outcome) {
    samples.times.push(ms)
    if (result === 'error') samples.errors++
    if (result === 'conflict') samples.conflicts++
  }

  /** A kind's whole work (or a call that has a row of its own). */
  kind(name: string, started: number, ms: number, result: Outcome) {
    if (!this.counts(started)) return
    const samples = this.kinds.get(name) ?? empty()
    this.kinds.set(name, samples)
    this.add(samples, ms, result)
  }

  /** One HTTP call, in the whole mix. */
  call(started: number, ms: number, result: Outcome) {
    if (this.counts(started)) this.add(this.mix, ms, result)
  }

  figures(): Omit<LoadFigures, 'loadCpuSeconds'> {
    const seconds = (this.to - this.from) / 1000
    const kinds = Object.fromEntries(
      [...this.kinds].map(([name, samples]) => [name, figures(samples, seconds)]),
    )
    return { seconds, kinds, mix: figures(this.mix, seconds) }
  }
}
