import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import type { ListCursor } from '#shared/list-cursor'
import { decodeCursor } from '#shared/list-cursor'
import { guardFormula } from './cells'

/** How many rows each read of an export takes: memory stays flat whatever the table. */
const BATCH = 1_000

type Cell = string | number | null

/** One batch of a list in keyset order, as the repositories answer it. */
export type ReadBatch<Row> = (
  after: ListCursor | undefined,
  limit: number,
) => Promise<{ rows: Row[]; next: string | null }>

async function* everyBatch<Row>(read: ReadBatch<Row>): AsyncGenerator<Row[]> {
  let after: ListCursor | undefined
  for (;;) {
    const { rows, next } = await read(after, BATCH)
    yield rows
    if (!next) return
    after = decodeCursor(next)
  }
}

/**
 * Every row the list would show, as RFC 4180 CSV with a header row, streamed: each batch
 * is read from the database only when the response has room for it, and goes out as one
 * piece of text (a piece per row made the response's compression ten times slower).
 */
export function csvStream<Row extends Record<string, Cell>>(
  columns: readonly (keyof Row & string)[],
  read: ReadBatch<Row>,
): Readable {
  const text = async function* () {
    let header = true
    for await (const rows of everyBatch(read)) {
      const cells = rows.map((row) =>
        columns.map((column) => {
          const value = row[column]
          return typeof value === 'string' ? guardFormula(value) : value
        }),
      )
      yield stringify(cells, { header, columns: [...columns] })
      header = false
    }
  }
  return Readable.from(text(), { objectMode: false })
}
