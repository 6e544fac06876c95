import { once } from 'node:events'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { protocol, types, type Results } from '@electric-sql/pglite'
import { KeptNames, statementName } from './kept-plans'
import type { Opened, Reply, Request, WorkerStart } from './pglite-messages'
import { decodeAnswer, type ParserOf } from './pglite-wire'

const { serialize } = protocol

/** What Drizzle passes with a statement: rows as arrays or objects, its own column parsers. */
export interface QueryOptions {
  rowMode?: 'array' | 'object'
  parsers?: Record<number, ((value: string, type: number) => unknown) | undefined>
}

/** A statement run in a transaction (Drizzle's PGlite session calls only `query`). */
export interface RemoteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
}

/** A parameter whose text is `String(value)`; others are serialized by their type. */
type Plain = string | number | bigint | boolean | null | undefined
const plain = (value: unknown): value is Plain =>
  value === null ||
  value === undefined ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'bigint' ||
  typeof value === 'boolean'

// The worker beside this file: TypeScript run from src/ (tsx, vitest) and plain
// JavaScript in build/, where scripts/build-server.mjs writes it beside server.mjs.
const FROM_SOURCE = import.meta.url.endsWith('.ts')
const WORKER = new URL(FROM_SOURCE ? './pglite-worker.ts' : './pglite-worker.mjs', import.meta.url)

/** The worker thread; from src/, its TypeScript is loaded through tsx's API. */
function startWorker(start: WorkerStart): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER, { workerData: start })
  // A worker takes no --import flag, and tsx's loader registered there applies only to
  // the imports after it: tsImport loads the file with it.
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs')
  const [tsx, file] = [JSON.stringify(pathToFileURL(api).href), JSON.stringify(WORKER.href)]
  return new Worker(`import(${tsx}).then((tsx) => tsx.tsImport(${file}, ${file}))`, {
    eval: true,
    workerData: start,
  })
}

/**
 * The embedded database (PGlite) on a thread of its own (pglite-worker.ts), with the
 * part of PGlite's interface the server uses: `query`, `transaction` and `close`, and
 * `listen` for NOTIFY. PGlite's WebAssembly backend runs one statement at a time; on the
 * server's own thread it stopped every other request while it did (a third of a tasks
 * page's time). Here the server's thread builds each call, which the backend answers in
 * its thread, and reads the answer (pglite-wire.ts) while the next call runs.
 *
 * Each call is one message to the backend: bind, describe, execute and sync, after a
 * parse the first time. A statement is named by a hash of its text and parsed once, as
 * keepPlans does for each PostgreSQL connection (kept-plans.ts): at most
 * KEPT_PER_CONNECTION, never one matching a pattern (its plan depends on the pattern),
 * and only once `keepStatements()` is called (not the migrations' statements). Values
 * other than text, numbers and booleans are serialized by the parameter's type in the
 * worker, as PGlite's own `query` does. A statement outside a transaction waits for the
 * open one to end; a transaction's statements run in it, in their order.
 */
export class PgliteRemote {
  private readonly kept = new KeptNames()
  /** Statements being named: settled once their first call's answer is in. */
  private readonly naming = new Map<string, Promise<void>>()
  private keeping = false
  private readonly calls = new Map<number, (reply: Reply) => void>()
  private lastId = 0
  private inTransaction = false
  private waiting: (() => void)[] = []
  private stopped: Error | undefined
  private readonly listeners = new Map<string, Set<(payload: string) => void>>()
  private readonly parserOfDatabase: ParserOf

  private constructor(
    private readonly worker: Worker,
    arrays: [number, number][],
  ) {
    // PGlite's parsers, and one for each array type of the database, as PGlite adds them.
    const parsers: Record<number, (value: string, type: number) => unknown> = { ...types.parsers }
    for (const [array, element] of arrays) {
      parsers[array] = (value) => types.arrayParser(value, parsers[element] as types.Parser, array)
    }
    this.parserOfDatabase = (type) => parsers[type]
    worker.on('message', (reply: Reply) => {
      const settle = this.calls.get(reply.id)
      this.calls.delete(reply.id)
      settle?.(reply)
    })
    const stop = (error: Error) => {
      this.stopped ??= error
      for (const settle of this.calls.values()) settle({ id: 0, error: this.stopped })
      this.calls.clear()
    }
    worker.on('error', stop)
    worker.on('exit', () => stop(new Error('The embedded database has been closed.')))
  }

  /** Starts the worker and opens the database in it. */
  static async open(start: WorkerStart): Promise<PgliteRemote> {
    const worker = startWorker(start)
    const [opened] = (await once(worker, 'message')) as [Opened]
    if (!opened.ready) {
      await worker.terminate()
      throw opened.error
    }
    return new PgliteRemote(worker, opened.arrays)
  }

  /** From now on, statements are kept prepared (after the migrations). */
  keepStatements(): void {
    this.keeping = true
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.run<T>(text, params, options, false)
  }

  /** Runs `callback` in a transaction: COMMIT if it returns, ROLLBACK if it throws. */
  async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    while (this.inTransaction) await new Promise<void>((wake) => this.waiting.push(wake))
    this.inTransaction = true
    let closed = false
    const tx: RemoteTransaction = {
      query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'))
        return this.run<R>(text, params, options, true)
      },
    }
    try {
      await this.run('BEGIN', [], undefined, true)
      const result = await callback(tx)
      closed = true
      const done = await this.run('COMMIT', [], undefined, true)
      // A transaction that failed without its caller noticing ends in a ROLLBACK.
      if ((done as { command?: string }).command === 'ROLLBACK') {
        throw new Error('The transaction was rolled back.')
      }
      return result
    } catch (error) {
      // The caller learns what went wrong, not that a closed database could not roll back.
      if (!closed && !this.stopped) {
        closed = true
        await this.run('ROLLBACK', [], undefined, true)
      }
      throw error
    } finally {
      this.inTransaction = false
      const woken = this.waiting
      this.waiting = []
      for (const wake of woken) wake()
    }
  }

  /** Calls `onPayload` with each NOTIFY on `channel`; answers how to stop. */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    const listeners = this.listeners.get(channel) ?? new Set()
    this.listeners.set(channel, listeners)
    if (listeners.size === 0) await this.query(`LISTEN "${channel.replaceAll('"', '""')}"`)
    listeners.add(onPayload)
    return async () => {
      listeners.delete(onPayload)
      if (listeners.size > 0 || this.stopped) return
      this.listeners.delete(channel)
      await this.query(`UNLISTEN "${channel.replaceAll('"', '""')}"`)
    }
  }

  async close(): Promise<void> {
    if (this.stopped) return
    await this.request({ id: 0, kind: 'close' })
    this.stopped = new Error('The embedded database has been closed.')
    await this.worker.terminate()
  }

  /**
   * One statement's call and its answer. Calls are sent as they come, without waiting
   * for the answers before them (the worker runs them in order), except that a statement
   * outside a transaction waits for the open one to end, and a call of a statement being
   * named waits for it to be kept (or not).
   */
  private async run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const values = params.every(plain) ? params : undefined
    const hashed = values && this.keeping ? statementName(text) : undefined
    let name: string | undefined
    for (;;) {
      name = hashed
      if (inTransaction) {
        // Only a statement kept already is named there: a name created by a call that
        // failed in a transaction could not be dropped until it ends.
        if (name !== undefined && !this.kept.has(name)) name = undefined
        break
      }
      const naming = name === undefined ? undefined : this.naming.get(name)
      if (this.inTransaction) await new Promise<void>((wake) => this.waiting.push(wake))
      else if (naming) await naming
      else break
    }
    if (name !== undefined && !inTransaction) name = this.keptAs(name)
    const fresh = name !== undefined && !this.kept.has(name)
    let named: (() => void) | undefined
    if (fresh) this.naming.set(name as string, new Promise<void>((done) => (named = done)))
    const sync = !inTransaction
    try {
      const data = values
        ? await this.request({
            id: 0,
            kind: 'call',
            message: call(text, values, name, fresh),
            sync,
          })
        : await this.request({ id: 0, kind: 'typed', text, params, sync })
      const own = options?.parsers
      const parserOf: ParserOf = own
        ? (type) => own[type] ?? this.parserOfDatabase(type)
        : this.parserOfDatabase
      const { result, error, notifications } = decodeAnswer(data, parserOf, options?.rowMode)
      for (const { channel, payload } of notifications) {
        this.listeners.get(channel)?.forEach((on) => queueMicrotask(() => on(payload)))
      }
      if (error) {
        // A statement named in a call that failed may or may not have been kept: drop it.
        if (fresh) {
          const message = Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()])
          await this.request({ id: 0, kind: 'call', message, sync: false })
        }
        throw Object.assign(error, { query: text, params, queryOptions: options })
      }
      if (fresh) this.kept.add(name as string)
      return result as Results<T>
    } finally {
      if (fresh) {
        this.naming.delete(name as string)
        named?.()
      }
    }
  }

  /**
   * `name` if its statement is kept or may be now, the most recently used kept last; to
   * make room for a new one, the least recently used is closed (bounded as keepPlans
   * bounds them). Undefined when every place is taken by a statement being named.
   */
  private keptAs(name: string): string | undefined {
    if (this.kept.use(name) || this.naming.has(name)) return name
    for (const given of this.kept.makeRoom(this.naming.size)) {
      // Sent now, so it runs after every call already sent that uses it.
      const message = Buffer.concat([serialize.close({ type: 'S', name: given }), serialize.sync()])
      this.request({ id: 0, kind: 'call', message, sync: false }).catch(() => undefined)
    }
    return this.kept.hasRoom(this.naming.size) ? name : undefined
  }

  /** Sends `request` (under a new id) to the worker; the backend's answer. */
  private request(request: Request): Promise<Buffer> {
    if (this.stopped) return Promise.reject(this.stopped)
    const id = ++this.lastId
    return new Promise<Buffer>((resolve, reject) => {
      this.calls.set(id, (reply) => {
        if (reply.error !== undefined) reject(asError(reply.error))
        else if (reply.data)
          resolve(Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength))
        else resolve(Buffer.alloc(0))
      })
      this.worker.postMessage({ ...request, id })
    })
  }
}

/** The messages of one call: parse (a new or unnamed statement), bind, describe, execute, sync. */
function call(text: string, values: Plain[], name: string | undefined, fresh: boolean): Buffer {
  return Buffer.concat([
    ...(name === undefined || fresh ? [serialize.parse({ name, text })] : []),
    serialize.bind({
      statement: name,
      values: values.map((value) => (value === null || value === undefined ? null : String(value))),
    }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ])
}

/** What the worker threw, as an Error (a database's own error is one already). */
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown))
}
