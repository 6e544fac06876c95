// Issue 13's measurement: with 50 event streams open (API.md "Live changes"), how long
// from a write's answer to its event on every stream, and the server's memory with
// the streams open.
import type { Running } from './processes'
import type { Row } from './table'

const STREAMS = 50
const WRITES = 40

interface Stream {
  /** When the event of customer `id` arrived (performance.now()). */
  seen: Map<number, number>
  close: () => void
}

/** Opens one stream; resolves once its first bytes (the opening ping) have come. */
async function openStream(base: string, headers: Record<string, string>): Promise<Stream> {
  const controller = new AbortController()
  const res = await fetch(`${base}/api/events/`, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: controller.signal,
  })
  if (!res.ok || !res.body) throw new Error(`events stream answered ${res.status}`)
  const seen = new Map<number, number>()
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffered = ''
  let opened: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (opened = resolve))
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }))
      if (done) return
      const now = performance.now()
      opened()
      buffered += value
      const events = buffered.split('\n\n')
      buffered = events.pop() ?? ''
      for (const event of events) {
        const data = /^data: (.*)$/m.exec(event)?.[1]
        if (!data) continue
        const change = JSON.parse(data) as { entity: string; id: number | null; action: string }
        if (change.entity === 'customer' && change.id !== null) seen.set(change.id, now)
      }
    }
  })()
  await ready
  return { seen, close: () => controller.abort() }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

/** Writes one customer after another; each event's delay after its write's answer, on every stream. */
export async function liveRows(
  label: string,
  server: Running,
  headers: Record<string, string>,
  log: (line: string) => void,
): Promise<Row[]> {
  const before = server.rssMiB()
  const streams = await Promise.all(
    Array.from({ length: STREAMS }, () => openStream(server.base, headers)),
  )
  const withStreams = server.rssMiB()
  const answered = new Map<number, number>()
  try {
    for (let i = 0; i < WRITES; i++) {
      const res = await fetch(`${server.base}/api/customers/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Live Bench ${i}`,
          email: `live.bench.${i}@example.com`,
          city: 'Oslo',
          country: 'Norway',
        }),
      })
      const at = performance.now()
      const { id } = (await res.json()) as { id: number }
      answered.set(id, at)
    }
    // Every event has had a generous time to arrive.
    const deadline = performance.now() + 10_000
    const complete = () => streams.every((s) => [...answered.keys()].every((id) => s.seen.has(id)))
    while (!complete() && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } finally {
    for (const stream of streams) stream.close()
  }
  // Per write: the delay to its event on each stream (negative: the event came before
  // the answer), and whether any stream never got it.
  const delays: number[] = []
  let missing = 0
  for (const [id, at] of answered) {
    for (const stream of streams) {
      const seen = stream.seen.get(id)
      if (seen === undefined) missing++
      else delays.push(seen - at)
    }
  }
  const ms = (value: number) => `${Math.max(0, value).toFixed(1)} ms`
  log(
    `live: ${STREAMS} streams, ${WRITES} writes: median ${ms(median(delays))}, max ${ms(Math.max(...delays))}, ${missing} missed; RSS ${Math.round(before)} → ${Math.round(withStreams)} MiB`,
  )
  return [
    {
      database: label,
      measure: `event after a write's answer, ${STREAMS} streams × ${WRITES} writes (median / max)`,
      value: `${ms(median(delays))} / ${ms(Math.max(...delays))}${missing ? `, ${missing} missed` : ''}`,
      goal: '≤ 1 s',
      met: missing === 0 && Math.max(...delays) <= 1000,
    },
    {
      database: label,
      measure: `server memory with ${STREAMS} streams open (resident; before them)`,
      value: `${Math.round(withStreams)} MiB (${Math.round(before)} MiB)`,
      goal: 'reference',
      met: null,
    },
  ]
}
