/** One Server-Sent Event: its `event:` name ('message' when none) and its `data:` lines. */
export interface ServerSentEvent {
  event: string
  data: string
}

interface EventStreamReading {
  onEvent: (event: ServerSentEvent) => void
  /** Every chunk that arrives, pings included. */
  onActivity: () => void
  /** Stops reading (the stream then counts as ended). */
  signal: AbortSignal
}

/**
 * Reads a `text/event-stream` body until it ends, calling `onEvent` for each event: a
 * blank line ends one; lines starting with ':' are comments, such as the server's pings.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  { onEvent, onActivity, signal }: EventStreamReading,
): Promise<void> {
  const reader = body.getReader()
  if (signal.aborted) return void reader.cancel().catch(() => undefined)
  // A pending read ends at once, even where aborting the request does not reach the body.
  const stop = () => void reader.cancel().catch(() => undefined)
  signal.addEventListener('abort', stop)
  try {
    await readLines(reader, onEvent, onActivity)
  } finally {
    signal.removeEventListener('abort', stop)
  }
}

async function readLines(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
  onActivity: () => void,
): Promise<void> {
  const decoder = new TextDecoder()
  let pending = ''
  let name = ''
  let data: string[] = []

  const readLine = (line: string) => {
    if (line === '') {
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') })
      name = ''
      data = []
      return
    }
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') name = value
    else if (field === 'data') data.push(value)
  }

  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    onActivity()
    pending += decoder.decode(value, { stream: true })
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) readLine(line.replace(/\r$/, ''))
  }
}
