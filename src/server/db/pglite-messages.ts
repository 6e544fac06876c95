// What the server's thread (pglite-remote.ts) and the embedded database's thread
// (pglite-worker.ts) say to each other.

/** The worker's `workerData`: how to open the database. */
export interface WorkerStart {
  /** The PGlite folder; none: in memory. */
  dataDir: string | undefined
  /** A dumpDataDir() tarball to start from (tests). */
  loadDataDir: Uint8Array<ArrayBuffer> | undefined
  /** postgresql.conf lines. */
  settings: string[]
}

export type Request =
  /** Extended-protocol messages ending in a Sync; `sync`: bring the files up to date after. */
  | { id: number; kind: 'call'; message: Uint8Array; sync: boolean }
  /** A statement whose values are serialized by its parameters' types (a date, an array). */
  | { id: number; kind: 'typed'; text: string; params: unknown[]; sync: boolean }
  | { id: number; kind: 'close' }

/** The backend's raw reply to a request (`data`), or what went wrong outside it. */
export type Reply = { id: number; data?: Uint8Array; error?: unknown }

/**
 * The worker's first message: the database is open, with its array types (each array
 * type's oid and its element's, as PGlite learns them when it opens), or could not be.
 */
export type Opened = { ready: true; arrays: [number, number][] } | { ready: false; error: unknown }
