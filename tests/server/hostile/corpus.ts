import { posix } from 'node:path'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { z } from 'zod'
import { importRefusedSchema } from '../../../src/shared/csv'
import { errorBodySchema } from '../../../src/shared/errors'

const staleEditSchema = z.strictObject({
  error: z.string(),
  current: z.looseObject({ id: z.number() }),
})

export type Actor = 'agent' | 'tester' | 'admin' | 'anonymous'

/** An answer as judged: its status, headers and (decompressed) body. */
export interface Answer {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

export interface HostileRequest {
  method: string
  url: string
  as: Actor
  headers?: Record<string, string>
  payload?: string | Buffer
  /** The `Authorization` header to send instead of the actor's token; `null` sends none. */
  authorization?: string | null
  /** The statuses the contract allows for this request, when it says which. */
  expect?: number[]
  /** What the request is, in a failure message. */
  note?: string
}

/** What no answer may contain: docs/api.md "No 5xx answer, stack trace, SQL text or file path". */
const LEAKS: [string, RegExp][] = [
  ['a stack trace', / {4}at |\bat [\w$.<>]+ \(\S+:\d+:\d+\)/],
  ['SQL text', /\b(select|insert|update|delete)\b[\s\S]{0,120}?\b(from|into)\b/i],
  ['a database error', /syntax error|\brelation\b|violates|duplicate key|SQLSTATE|failed query/i],
  ['a file path', /\/work\b|\/home\b|\/tmp\b|node_modules|\.ts:/],
  ['a password hash', /scrypt\$/],
  ['a file from outside the app', /root:x:0:0|"name":\s*"rapport-crm"|HOSTILE-SECRET-CONTENT/],
]

const ANSWER_MS = 20_000

function isLiveStream(request: HostileRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  let path = request.url.split('?')[0] ?? ''
  try {
    path = decodeURIComponent(path)
  } catch {
    return false
  }
  return posix.normalize(path).replace(/\/+$/, '') === '/api/events'
}

const clip = (text: string, max = 160) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text

function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload
  switch (res.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(raw).toString('utf8')
    case 'br':
      return brotliDecompressSync(raw).toString('utf8')
    case 'deflate':
      return inflateSync(raw).toString('utf8')
    default:
      return raw.toString('utf8')
  }
}

/**
 * Sends hostile requests through `inject`, counts them, and keeps every broken rule as
 * one line naming the request and the answer, so a failure lists all of them at once.
 */
export class Corpus {
  sent = 0
  readonly problems: string[] = []
  readonly statuses = new Map<number, number>()
  constructor(
    private readonly app: FastifyInstance,
    private readonly tokens: Record<Exclude<Actor, 'anonymous'>, string>,
    /** Strings sent on this app so far: a 2xx may echo them (a customer named "delete from x"). */
    private readonly echoes = new Set<string>(),
  ) {}

  /** Remembers every string inside `value` as one the server may rightly echo. */
  remember(value: unknown): void {
    if (typeof value === 'string') {
      this.echoes.add(value)
      this.echoes.add(value.trim())
      this.echoes.add(value.normalize('NFC').trim())
    } else if (Array.isArray(value)) value.forEach((v) => this.remember(v))
    else if (value && typeof value === 'object')
      Object.values(value).forEach((v) => this.remember(v))
  }

  async sendAll(requests: HostileRequest[], inFlight = 8): Promise<void> {
    let next = 0
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]
        if (request) await this.send(request)
      }
    }
    await Promise.all(Array.from({ length: inFlight }, worker))
  }

  async send(request: HostileRequest): Promise<LightMyRequestResponse | undefined> {
    const headers: Record<string, string> = { ...request.headers }
    const token = request.as === 'anonymous' ? undefined : this.tokens[request.as]
    // A signed-in GET of the live stream is answered with a stream that lasts as long as
    // the token: inject would wait for it to end. Its refusals are still sent, and
    // tests/server/events.test.ts covers the stream itself.
    if (token && request.authorization === undefined && isLiveStream(request)) return undefined
    const authorization = request.authorization === undefined ? token : request.authorization
    if (authorization !== null && authorization !== undefined) {
      headers.authorization =
        request.authorization === undefined ? `Bearer ${authorization}` : authorization
    }
    const options: InjectOptions = {
      method: request.method,
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    }
    let res: LightMyRequestResponse
    let timer: NodeJS.Timeout | undefined
    // An answer that never ends (a stream, a hang) fails its request, not the whole run.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_MS} ms`)), ANSWER_MS)
    })
    try {
      res = await Promise.race([this.app.inject(options), late])
    } catch (error) {
      this.problems.push(`${this.label(request)} could not be sent: ${String(error)}`)
      return undefined
    } finally {
      clearTimeout(timer)
    }
    let body: string
    try {
      body = decoded(res)
    } catch (error) {
      body = res.body
      this.problems.push(`${this.label(request)} → an undecodable body: ${String(error)}`)
    }
    this.record(request, { status: res.statusCode, headers: res.headers, body })
    return res
  }

  /** Counts and judges an answer that came some other way (a raw socket). */
  record(request: HostileRequest, answer: Answer): void {
    this.sent++
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1)
    for (const why of this.judge(request, answer)) {
      this.problems.push(
        `${this.label(request)} → ${answer.status}: ${why}; answered ${clip(answer.body, 300)}`,
      )
    }
  }

  private label(request: HostileRequest): string {
    const payload =
      request.payload === undefined ? '' : ` body=${clip(request.payload.toString(), 120)}`
    const headers = request.headers ? ` headers=${clip(JSON.stringify(request.headers), 120)}` : ''
    const auth =
      request.authorization === undefined ? '' : ` auth=${clip(String(request.authorization), 60)}`
    const note = request.note ? ` [${request.note}]` : ''
    return `${request.as} ${request.method} ${clip(request.url)}${headers}${auth}${payload}${note}`
  }

  private judge(request: HostileRequest, { status, headers, body }: Answer): string[] {
    const problems: string[] = []
    if (status >= 500) problems.push('a 5xx')
    const allowed = request.expect
    if (allowed && !allowed.includes(status)) {
      const range = allowed.length > 3 ? `${allowed[0]}–${allowed[allowed.length - 1]}` : ''
      problems.push(`expected ${range || allowed.join(' or ')}`)
    }
    const type = String(headers['content-type'] ?? '')
    const json = type.startsWith('application/json')
    if (status >= 400 && request.method !== 'HEAD') {
      if (!json) problems.push(`a ${status} that is not JSON (${type || 'no content type'})`)
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        parsed = undefined
      }
      // API.md's error bodies: `{ error, fields? }`, a stale edit's `{ error, current }`
      // and a refused import's `{ error, created, skipped, errors }`.
      const contract = [errorBodySchema.strict(), staleEditSchema, importRefusedSchema.strict()]
      if (!contract.some((schema) => schema.safeParse(parsed).success))
        problems.push('not `{ error, fields? }`')
    }
    // A 2xx may hold what was sent; what is left once those strings are dropped must be clean.
    // History entries retell what was sent in sentences of their own ("Customer '; drop
    // table …' created"), so SQL-looking words in data are only checked in error answers.
    const checked = status < 300 && json ? this.withoutEchoes(body) : body
    for (const [what, pattern] of LEAKS) {
      const sqlWords = what === 'SQL text' || what === 'a database error'
      if (sqlWords && status < 300) continue
      if (pattern.test(checked)) problems.push(`leaks ${what}`)
    }
    const headerText = JSON.stringify(headers)
    for (const [what, pattern] of LEAKS) {
      if (pattern.test(headerText)) problems.push(`leaks ${what} in a header`)
    }
    return problems
  }

  private withoutEchoes(body: string): string {
    try {
      return JSON.stringify(
        JSON.parse(body, (_key, value: unknown) =>
          typeof value === 'string' && this.echoes.has(value) ? '' : value,
        ),
      )
    } catch {
      return body
    }
  }

  /** The tally line for the run's log. */
  summary(): string {
    const statuses = [...this.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ')
    return `${this.sent} hostile requests (${statuses})`
  }
}
