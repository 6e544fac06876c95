import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { Ordering } from '../../shared/list-query'
import type { Db } from '../db/client'

/** `%`, `_` and `\` in the user's text match themselves, not any character. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * ORDER BY `column`, then the id in the same direction so pages never overlap. The date
 * indexes are (date_created DESC NULLS LAST, id DESC NULLS LAST); a plain DESC means NULLS
 * FIRST and would not match them, so dates spell out the NULLS placement (the columns
 * are NOT NULL, so the order is the same) and a page is read straight from the index.
 */
function sortKeys(
  column: AnyPgColumn,
  id: AnyPgColumn,
  descending: boolean,
  isDate: boolean,
): SQL[] {
  const direction = isDate
    ? descending
      ? sql`desc nulls last`
      : sql`asc nulls first`
    : descending
      ? sql`desc`
      : sql`asc`
  const keys = [sql`${column} ${direction}`]
  if (column !== id) keys.push(sql`${id} ${direction}`)
  return keys
}

/** The columns `?ordering=` may name: exactly the shared schema's field list `F`. */
export interface Sortable<F extends string> {
  orderable: Record<F, AnyPgColumn>
  id: AnyPgColumn
  dateCreated: AnyPgColumn
}

/** The sort keys for `?ordering=name` or `-name`; newest first by default. */
export function orderingKeys<F extends string>(
  { orderable, id, dateCreated }: Sortable<F>,
  ordering: Ordering<F> | undefined,
): SQL[] {
  if (ordering === undefined) return sortKeys(dateCreated, id, true, true)
  const descending = ordering.startsWith('-')
  const column = orderable[(descending ? ordering.slice(1) : ordering) as F]
  return sortKeys(column, id, descending, column === dateCreated)
}

/**
 * Applies `limit` and `offset` when given: without a limit the whole list comes back, as
 * the spec's screens expect.
 */
export function paged<Q extends PgSelect>(rows: Q, query: { limit?: number; offset?: number }): Q {
  if (query.limit !== undefined) rows.limit(query.limit)
  if (query.offset !== undefined) rows.offset(query.offset)
  return rows
}

/** How many rows of `table` match `where`: the list's total, whatever page is shown. */
export function countWhere(db: Db, table: PgTable, where: SQL | undefined) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where)
}

/** Runs a list call's page and count together. */
export async function readListPage<Row>(queries: {
  rows: PromiseLike<Row[]>
  count: PromiseLike<{ n: number }[]>
}): Promise<{ rows: Row[]; count: number }> {
  const [rows, [total]] = await Promise.all([queries.rows, queries.count])
  return { rows, count: total?.n ?? 0 }
}
