import { expect } from 'vitest'

export interface StreamEvent {
  event: string
  data: unknown
}

/**
 * Opens GET /api/events/ with `token` and collects what it sends: events and `: ping`
 * comments, until it ends (the server closed it) or `close()` is called.
 */
export async function openEventStream(base: string, token: string) {
  const controller = new AbortController()
  const res = await fetch(`${base}/api/events/`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const events: StreamEvent[] = []
  let pings = 0
  let text = ''
  const decoder = new TextDecoder()
  const reader = res.body?.getReader()
  const ended = (async () => {
    if (!reader) return
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        text += decoder.decode(value, { stream: true })
        let split: number
        while ((split = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, split)
          text = text.slice(split + 2)
          if (block.startsWith(': ping')) pings++
          const event = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event && data) events.push({ event, data: JSON.parse(data) as unknown })
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  return {
    events,
    pings: () => pings,
    ended,
    /** Resolves once an event matching `match` arrived, with how long it took. */
    async waitFor(match: (event: StreamEvent) => boolean, ms = 3000): Promise<StreamEvent> {
      const deadline = Date.now() + ms
      for (;;) {
        const found = events.find(match)
        if (found) return found
        if (Date.now() > deadline)
          throw new Error(`no such event within ${ms} ms: ${JSON.stringify(events)}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    close: () => controller.abort(),
  }
}
