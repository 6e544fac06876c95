// The embedded database's own thread (pglite-remote.ts starts it): PGlite and its
// WebAssembly backend run here, so the server's thread goes on with other requests while a
// statement runs. Each message is one call into the backend, answered with the backend's
// raw reply; the server's thread builds the calls and reads the replies (pglite-wire.ts).
// Messages are handled one at a time, in the order they came.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, protocol } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { Opened, Reply, Request, WorkerStart } from './pglite-messages'

const { serialize } = protocol
const start = workerData as WorkerStart
const port = parentPort
if (!port) throw new Error('pglite-worker.ts runs as a worker thread')

const opening = PGlite.create(start.dataDir ?? 'memory://', {
  extensions: { pg_trgm },
  postgresqlconf: start.settings,
  ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
})

/** The backend's whole reply to `message` (its chunks are views of its memory: copied). */
async function exchange(pglite: PGlite, message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  await pglite.execProtocolRawStream(message, {
    syncToFs: false,
    onRawData: (chunk) => void chunks.push(chunk.slice()),
  })
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks)
}

/** The parameters' types in a ParameterDescription ('t'), or undefined if the reply has none. */
function parameterTypes(reply: Uint8Array): number[] | undefined {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength)
  for (let at = 0; at + 5 <= reply.length; at += 1 + view.getInt32(at + 1)) {
    if (reply[at] !== 't'.charCodeAt(0)) continue
    const count = view.getInt16(at + 5)
    return Array.from({ length: count }, (_, i) => view.getInt32(at + 7 + 4 * i))
  }
  return undefined
}

/**
 * A statement with values PGlite serializes by the parameter's type (a date, an array):
 * parsed unnamed and described first, as PGlite's own query does, then bound and run.
 */
async function typed(pglite: PGlite, text: string, params: unknown[]): Promise<Uint8Array> {
  const described = await exchange(
    pglite,
    Buffer.concat([serialize.parse({ text }), serialize.describe({ type: 'S' }), serialize.sync()]),
  )
  const oids = parameterTypes(described)
  if (!oids) return described
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null
    const serializer = pglite.serializers[oids[i] ?? 0]
    return serializer ? serializer(value) : asText(value)
  })
  return exchange(
    pglite,
    Buffer.concat([
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  )
}

/** A value for a type PGlite has no serializer for: its text, or an object's JSON. */
function asText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value)
    default:
      return JSON.stringify(value) ?? ''
  }
}

async function handle(pglite: PGlite, request: Request): Promise<Reply> {
  switch (request.kind) {
    case 'call': {
      const data = await exchange(pglite, request.message)
      if (request.sync) await pglite.syncToFs()
      return { id: request.id, data }
    }
    case 'typed': {
      const data = await typed(pglite, request.text, request.params)
      if (request.sync) await pglite.syncToFs()
      return { id: request.id, data }
    }
    case 'close':
      await pglite.close()
      return { id: request.id }
  }
}

// The array types PGlite reads when it opens (its own parsers and serializers know them).
const ARRAY_TYPES = `select b.oid, b.typarray from pg_catalog.pg_type a
  join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A' group by b.oid, b.typarray`

opening.then(
  async (pglite) => {
    const { rows } = await pglite.query<{ oid: number; typarray: number }>(ARRAY_TYPES)
    const arrays = rows.map((row): [number, number] => [row.typarray, row.oid])
    let queue = Promise.resolve()
    port.on('message', (request: Request) => {
      queue = queue.then(async () => {
        try {
          port.postMessage(await handle(pglite, request))
        } catch (error) {
          port.postMessage({ id: request.id, error } satisfies Reply)
        }
        if (request.kind === 'close') port.close()
      })
    })
    port.postMessage({ ready: true, arrays } satisfies Opened)
  },
  (error: unknown) => port.postMessage({ ready: false, error } satisfies Opened),
)
