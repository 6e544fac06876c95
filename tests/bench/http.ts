// The bench's timed calls go through undici's request() on kept-alive connections, asking
// for gzip as a browser does and unpacking it. Node's fetch (undici's WHATWG layer) cost
// this machine about 1 ms of CPU a call in the load's own process against 0.37 ms for
// request(): on 2 shared cores the load generator's CPU is taken from the server and the
// database it measures, which a team's browsers, on their own machines, do not do.
import { gunzipSync } from 'node:zlib'
import { Agent, request } from 'undici'

const dispatcher = new Agent({ connections: 64, keepAliveTimeout: 30_000 })

export interface Reply {
  status: number
  text: string
}

/** One call; a body is sent as JSON. Network failures reject, as fetch's do. */
export async function call(
  url: string,
  init: { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip', ...init.headers }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const res = await request(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    dispatcher,
  })
  const raw = Buffer.from(await res.body.arrayBuffer())
  const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString()
  return { status: res.statusCode, text }
}
