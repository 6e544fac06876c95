import type { FastifyInstance, FastifyRequest } from 'fastify'
import { actorOf } from '../auth/authenticate'

/**
 * Whose answer a remembered read is: the same for every agent (lists, charts, a
 * customer's summary), or for one agent (what they may see depends on who they are).
 */
export type Remember = 'everyone' | 'agent'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET whose 200 answer is kept and given again until the next change. */
    remember?: Remember
  }
  interface FastifyRequest {
    /** Where this request's answer is kept, and the versions it was worked out at. */
    remembering: ({ key: string } & Versions) | null
  }
}

// How long an answer is kept at most, as ListMemory keeps what it remembers. Freshness
// does not rest on it: a change reaches this memory by this server's own writes, by
// announcement, or (from beside the servers) through the data's version.
const TTL_MS = 10_000
// The answers kept at once, in bytes of JSON: a team's first pages, charts and
// summaries between two changes, well within the server's memory budget.
const MAX_BYTES = 8 * 1024 * 1024
const MAX_ANSWER_BYTES = 512 * 1024
const NO_CACHE = /(?:^|,)\s*no-cache\s*(?:,|$)/i

interface Kept {
  /**
   * The answer as UTF-8, encoded once: a string holding any character beyond Latin-1
   * (an arrow, a name in another script) would be encoded again for every request.
   */
  body: Buffer
  type: string
  at: number
  data: number
}

/**
 * What an answer was worked out at, read as its request began: the changes this server
 * has seen (its own and announced ones) and the data's version (see AnswerMemory), null
 * while it is not known.
 */
export interface Versions {
  changes: number
  data: number | null
}

/**
 * The answers of reads, as they were sent, until the data changes. Between two changes
 * every agent asking for the same page of customers, the same chart or the same summary
 * is given the answer worked out for the first, without working it out again. Forgotten
 * at every change this server sees, like ListMemory: its own writes before their answer
 * leaves, other servers' when their announcement arrives, and anything after TTL_MS. An
 * answer worked out while a change happened is not kept.
 *
 * `dataVersion` says whether a kept answer still holds when a change may reach the
 * database without passing through this server. On the embedded database none can (this
 * server is the one process on the data folder), so it is a constant. Servers sharing a
 * PostgreSQL keep the version the database tells them (DataVersionWatch): an answer is
 * given only at the version it was worked out at, and none while the version is not
 * known (the server's connection to the database is lost).
 */
export class AnswerMemory {
  private changes = 0
  private bytes = 0
  private readonly kept = new Map<string, Kept>()

  constructor(
    readonly dataVersion: () => number | null | Promise<number | null> = () => 0,
    private readonly now: () => number = Date.now,
  ) {}

  changed(): void {
    this.changes += 1
    this.kept.clear()
    this.bytes = 0
  }

  /** Read as a request begins: what it works out is kept only if they still hold. */
  async versions(): Promise<Versions> {
    const changes = this.changes
    return { changes, data: await this.dataVersion() }
  }

  find(key: string, data: number | null): Kept | undefined {
    if (data === null) return undefined
    const kept = this.kept.get(key)
    return kept && kept.data === data && this.now() - kept.at < TTL_MS ? kept : undefined
  }

  keep(key: string, versions: Versions, body: string, type: string): void {
    const { changes, data } = versions
    // A string's UTF-8 takes at least a byte per UTF-16 unit: a longer one is too big.
    if (changes !== this.changes || data === null || body.length > MAX_ANSWER_BYTES) return
    const bytes = Buffer.from(body)
    if (bytes.length > MAX_ANSWER_BYTES) return
    const before = this.kept.get(key)
    if (before) this.bytes -= before.body.length
    if (this.bytes + bytes.length > MAX_BYTES) {
      this.kept.clear()
      this.bytes = 0
    }
    this.kept.set(key, { body: bytes, type, at: this.now(), data })
    this.bytes += bytes.length
  }
}

function keyOf(request: FastifyRequest, remember: Remember): string {
  if (remember === 'everyone') return request.url
  const { id, role } = actorOf(request)
  return `${id} ${role} ${request.url}`
}

/**
 * Gives remembered answers to the GET routes configured with `remember`, after their
 * authentication and query validation (unless the request says `Cache-Control:
 * no-cache`), and keeps their 200 answers. Register before any plugin that rewrites
 * answers (compression), so that what is kept is the JSON itself.
 */
export function installAnswerMemory(app: FastifyInstance, memory: AnswerMemory): void {
  app.decorateRequest('remembering', null)
  app.addHook('preHandler', async (request, reply) => {
    const remember = request.routeOptions.config.remember
    if (!remember || request.method !== 'GET') return
    const key = keyOf(request, remember)
    const versions = await memory.versions()
    // `Cache-Control: no-cache` asks, as HTTP has it, for an answer not taken from a
    // cache: it is worked out afresh, then kept for the next request.
    const kept = NO_CACHE.test(request.headers['cache-control'] ?? '')
      ? undefined
      : memory.find(key, versions.data)
    if (kept) return reply.type(kept.type).send(kept.body)
    request.remembering = { key, ...versions }
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    const remembering = request.remembering
    if (remembering && reply.statusCode === 200 && typeof payload === 'string') {
      const type = reply.getHeader('content-type')
      if (typeof type === 'string') memory.keep(remembering.key, remembering, payload, type)
    }
    done(null, payload)
  })
}

/** A GET route's options for its answers to be remembered (see installAnswerMemory). */
export function remembered(remember: Remember) {
  return { config: { remember } }
}
