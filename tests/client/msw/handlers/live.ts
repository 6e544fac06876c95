import { HttpResponse, type HttpHandler } from 'msw'
import { signedIn } from './signed-in'

/** What GET /api/events/ sends for each change (API.md "Live changes"). */
export interface LiveChange {
  entity: 'customer' | 'order'
  id: number | null
  action: 'create' | 'update' | 'delete' | 'restore' | 'import'
}

const encoder = new TextEncoder()
const streams = new Set<ReadableStreamDefaultController<Uint8Array>>()

/** The web app's open live streams, as the server sees them. */
export const liveStreams = {
  /** How many are open now. */
  get count(): number {
    return streams.size
  },
  /** Sends a change to every open stream, as the server does after a commit. */
  send(change: LiveChange): void {
    const chunk = encoder.encode(`event: change\ndata: ${JSON.stringify(change)}\n\n`)
    for (const stream of streams) stream.enqueue(chunk)
  },
  /** Ends every open stream, as the server does when the access token expires. */
  end(): void {
    for (const stream of streams) stream.close()
    streams.clear()
  },
}

/** A stream that stays open, quiet but for a first ping, until the app aborts the request. */
export function openEventStream(request: Request): Response {
  let self: ReadableStreamDefaultController<Uint8Array> | undefined
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      self = controller
      streams.add(controller)
      controller.enqueue(encoder.encode(': ping\n\n'))
      // msw hands the app's abort to the request, not always to the body it answered with.
      request.signal.addEventListener('abort', () => {
        if (!streams.delete(controller)) return
        try {
          controller.close()
        } catch {
          // Cancelled by the reader meanwhile.
        }
      })
    },
    cancel() {
      if (self) streams.delete(self)
    },
  })
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } })
}

/** Every dashboard test opens the live stream: by default it is open and quiet. */
export const liveHandlers: HttpHandler[] = [
  signedIn.get('*/api/events/', ({ request }) => {
    return openEventStream(request)
  }),
]
