import { createHash } from 'node:crypto'
import { protocol, type PGlite } from '@electric-sql/pglite'
import { KEPT_PER_CONNECTION, PATTERN } from './kept-plans'
import { decodeAnswer } from './pglite-wire'

type Query = PGlite['query']
type Options = Parameters<Query>[2]

/** A parameter PGlite's text format takes as `String(value)`; anything else goes the usual way. */
type Plain = string | number | bigint | boolean | null | undefined
const plain = (value: unknown): value is Plain =>
  value === null ||
  value === undefined ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'bigint' ||
  typeof value === 'boolean'

/** The call's values when it can take the kept path: no blob or types, only plain values. */
function keptValues(params: unknown[], options: Options): Plain[] | undefined {
  if (options?.blob || options?.paramTypes || !params.every(plain)) return undefined
  return params
}

/** Called with each NOTIFY a statement run here raises (PGlite's listeners never see them). */
export type OnNotification = (channel: string, payload: string) => void

/**
 * Has PGlite keep its statements prepared, as keepPlans does for each PostgreSQL
 * connection, send each call to its single backend in one message, and read the answer
 * with a decoder of our own (pglite-wire.ts).
 *
 * PGlite's own `query` sends a statement as five messages, each a separate call into
 * its WebAssembly backend (parse, describe, bind, describe, execute, then sync), and
 * parses and plans it again every time. Here a statement is named by a hash of its text
 * and parsed once; each call then binds, executes and syncs in one call, and PostgreSQL
 * keeps a plan for it when a generic one costs no more than planning each call. Bounded like keepPlans: at most KEPT_PER_CONNECTION statements, and
 * never one that matches a pattern (its plan depends on the pattern: those still go in
 * one message, unnamed). Calls with parameters other than text, numbers and booleans
 * (PGlite would serialize them by the parameter's type) keep PGlite's own path; a
 * transaction's statements take this one. The answer is read as raw bytes, so the
 * notifications these statements raise go to `onNotification`, not to PGlite's listeners.
 */
export function keepPglitePlans(client: PGlite, onNotification: OnNotification): void {
  const kept = new Set<string>()
  const original: Query = client.query.bind(client)
  const serialize = protocol.serialize
  const send = async (message: Uint8Array) => {
    const chunks: Buffer[] = []
    // The chunks are views of the backend's memory: copied before the next one comes.
    const onRawData = (chunk: Uint8Array) => void chunks.push(Buffer.from(chunk))
    await client.execProtocolRawStream(message, { syncToFs: false, onRawData })
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)
  }
  /** One call; inside a transaction only a statement kept already is named (see below). */
  const run = async (text: string, params: Plain[], options: Options, inTransaction = false) => {
    const named = nameOf(text, kept)
    const name = inTransaction && named !== undefined && !kept.has(named) ? undefined : named
    const fresh = name !== undefined && !kept.has(name)
    const data = await send(
      Buffer.concat([
        ...(name === undefined || fresh ? [serialize.parse({ name, text })] : []),
        serialize.bind({
          statement: name,
          values: params.map((value) =>
            value === null || value === undefined ? null : String(value),
          ),
        }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    )
    // A query's own parsers before the database's (as PGlite merges them), without
    // copying either: the database's hold every type it knows.
    const own = options?.parsers
    const parserOf = (type: number) => own?.[type] ?? client.parsers[type]
    const { result, error, notifications } = decodeAnswer(data, parserOf, options?.rowMode)
    for (const { channel, payload } of notifications) {
      queueMicrotask(() => onNotification(channel, payload))
    }
    if (error) {
      // A statement named in a call that failed may or may not have been kept: drop it.
      if (fresh) await send(Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()]))
      throw Object.assign(error, { query: text, params, queryOptions: options })
    }
    if (fresh) kept.add(name)
    // As PGlite's own query: the files are brought up to date after each statement outside
    // a transaction, not inside one.
    if (!inTransaction) await client.syncToFs()
    return result
  }
  client.query = (async (text: string, params: unknown[] = [], options?: Options) => {
    const values = keptValues(params, options)
    if (!values) return original(text, params, options)
    await client._checkReady()
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run(text, values, options)),
    )
  }) as Query
  // A transaction's statements take the same path (PGlite holds the transaction's lock
  // and sends BEGIN, COMMIT or ROLLBACK). A statement is first named outside one: a name
  // created by a call that fails in a transaction could not be dropped until it ends.
  const transaction = client.transaction.bind(client)
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const onKept = Object.create(tx) as typeof tx
      onKept.query = (async (text: string, params: unknown[] = [], options?: Options) => {
        const values = tx.closed ? undefined : keptValues(params, options)
        if (!values) return tx.query(text, params, options)
        return client._runExclusiveQuery(() => run(text, values, options, true))
      }) as typeof tx.query
      return callback(onKept)
    })) as PGlite['transaction']
}

function nameOf(text: string, kept: Set<string>): string | undefined {
  if (PATTERN.test(text)) return undefined
  const hashed = `kept_${createHash('sha1').update(text).digest('base64url')}`
  if (kept.has(hashed) || kept.size < KEPT_PER_CONNECTION) return hashed
  return undefined
}
