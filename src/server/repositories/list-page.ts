import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { encodeCursor, type ListCursor } from '#shared/list-cursor'
import type { Ordering } from '#shared/list-query'
import type { Db } from '../db/client'
import { asValue, bindList, type Bind } from './shaped-statements'

/** Without `limit` a list answers at most this many rows (API.md "Lists at any size"). */
export const DEFAULT_LIMIT = 1000
/** A search counts at most this many matches; past it `count_exact` is false. */
export const SEARCH_COUNT_CAP = 10_000

/** `%`, `_` and `\` in the user's text match themselves, not any character. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** How a field sorts: its key expression (as its index is built) and the key's SQL type. */
export interface SortKey {
  expr: SQL | AnyPgColumn
  type: 'text' | 'integer' | 'numeric' | 'timestamptz'
  /** The key may be null (a task's due time): rows without one come last in both directions. */
  nullable?: boolean
}

/** The fields `?ordering=` may name: exactly the shared schema's list `F`, and the id. */
export interface Sortable<F extends string> {
  keys: Record<F, SortKey>
  id: AnyPgColumn | SQL
  defaultOrdering: Ordering<F>
}

export interface PageRequest<F extends string> {
  ordering?: Ordering<F> | undefined
  limit?: number | undefined
  offset?: number | undefined
  after?: ListCursor | undefined
}

/** One page of a list: its ORDER BY, the keyset condition for `after`, and its bounds. */
export interface Page {
  ordering: string
  key: SQL
  orderBy: SQL[]
  /** Rows after the `after` cursor (undefined without one). */
  after: SQL | undefined
  limit: number
  offset: number
}

/**
 * ORDER BY the key, then the id in the same direction so pages never overlap. Dates are
 * indexed DESC NULLS LAST; a plain DESC means NULLS FIRST and would not match the index,
 * so the NULLS placement is spelled out (the columns are NOT NULL: the order is the same).
 */
export function pageOf<F extends string>(
  sortable: Sortable<F>,
  request: PageRequest<F>,
  bind: Bind = asValue,
): Page {
  const ordering = request.ordering ?? sortable.defaultOrdering
  const descending = ordering.startsWith('-')
  const key = sortable.keys[(descending ? ordering.slice(1) : ordering) as F]
  const { id } = sortable
  const cursor = request.after && {
    key: bind('after_key', request.after.key),
    id: bind('after_id', request.after.id),
    isNull: request.after.key === null,
  }
  const page = {
    ordering,
    key: sql`${key.expr}`,
    limit: request.limit ?? DEFAULT_LIMIT,
    offset: request.offset ?? 0,
  }
  if (key.nullable) return { ...page, ...nullableKeyPage(key, id, descending, cursor) }
  const { expr, type } = key
  const direction =
    type === 'timestamptz'
      ? descending
        ? sql`desc nulls last`
        : sql`asc nulls first`
      : descending
        ? sql`desc`
        : sql`asc`
  return {
    ...page,
    orderBy: [sql`${expr} ${direction}`, sql`${id} ${direction}`],
    after: cursor
      ? sql`(${expr}, ${id}) ${descending ? sql`<` : sql`>`} (cast(${cursor.key} as ${sql.raw(type)}), ${cursor.id})`
      : undefined,
  }
}

/** A cursor's key and id as the statement takes them (Bind), and whether its key is null. */
interface BoundCursor {
  key: unknown
  id: unknown
  isNull: boolean
}

/**
 * A key that may be null sorts NULLS LAST both ways (as its indexes are built), and the
 * rows after a cursor are those past its key plus every row without one, or, after a
 * row without one, the rows without one past its id.
 */
function nullableKeyPage(
  { expr, type }: SortKey,
  id: AnyPgColumn | SQL,
  descending: boolean,
  cursor: BoundCursor | undefined,
): Pick<Page, 'orderBy' | 'after'> {
  const direction = descending ? sql`desc nulls last` : sql`asc nulls last`
  const past = descending ? sql`<` : sql`>`
  const after = !cursor
    ? undefined
    : cursor.isNull
      ? sql`(${expr} is null and ${id} ${past} ${cursor.id})`
      : sql`((${expr}, ${id}) ${past} (cast(${cursor.key} as ${sql.raw(type)}), ${cursor.id}) or ${expr} is null)`
  return { orderBy: [sql`${expr} ${direction}`, sql`${id} ${direction}`], after }
}

/**
 * The same page over rows read once beforehand (a subquery's `key` and `id` columns):
 * its ordering and `after` condition on those columns, the key's type and nulls kept.
 */
export function pageOver<F extends string>(
  sortable: Sortable<F>,
  request: PageRequest<F>,
  read: { key: SQL | AnyPgColumn; id: SQL | AnyPgColumn },
  bind: Bind = asValue,
): Page {
  const keys = Object.fromEntries(
    Object.entries<SortKey>(sortable.keys).map(([field, key]) => [
      field,
      { ...key, expr: read.key },
    ]),
  ) as Record<F, SortKey>
  return pageOf({ ...sortable, keys, id: sql`${read.id}` }, request, bind)
}

/**
 * How many rows a page reads (one more than it shows), written into the statement rather
 * than sent as a value: with a LIMIT it does not know, PostgreSQL must assume a tenth of
 * the rows are wanted, so a plan kept for any values (kept-plans.ts) always looks dearer
 * than one made for the call's, and the statement is planned again at every call. A
 * screen asks for one or two page sizes, so the texts stay few. (Drizzle's `limit()`
 * takes a number or a placeholder; it writes any SQL it is given as is.)
 */
export function rowsToRead(page: Page): number {
  return sql.raw(String(Math.trunc(page.limit) + 1)) as unknown as number
}

/** The page's key as text (for the cursor), selected beside each row's id. */
export const keyText = (page: Page) => sql<string | null>`${page.key}::text`.as('sort_key')

/** A search's count stops at SEARCH_COUNT_CAP + 1 matches: enough to say "10,000+". */
export function cappedCount(matches: SQL) {
  const count = sql<number>`(select count(*)::int from (${matches} limit ${SEARCH_COUNT_CAP + 1}) capped)`
  return { count, capped: true }
}

/**
 * A kept total from the counters table (0 when none was ever counted): the sum of one
 * name of the scope or several ('' is a scope's only name when it has no parts).
 */
export function keptCount(scope: string, name: string | readonly string[], bind = asValue) {
  const names = bindList(bind, 'kept', [name].flat())
  const count = sql<number>`(select coalesce(sum(n), 0)::int from counters where scope = ${scope} and name in (${names}))`
  return { count, capped: false }
}

/** An exact count of rows matching a narrow filter (one customer's orders). */
export function exactCount(matches: SQL) {
  return { count: sql<number>`(select count(*)::int from (${matches}) matched)`, capped: false }
}

export interface ListRows<Row> {
  rows: Row[]
  count: number
  count_exact: boolean
  next: string | null
}

/** An empty first page (no offset, no cursor, room for rows): nothing matches. */
export const nothingMatches = (page: Page, read: readonly unknown[]) =>
  read.length === 0 && page.offset === 0 && !page.after && page.limit > 0

/**
 * Turns the rows read for a page (one more than the limit, each with its sort key and
 * the list's total) into the answer; with no row on the page the total is read alone.
 */
export async function finishPage<
  Row extends { sort_key: string | null; id: number; total: number },
>(
  db: Db,
  page: Page,
  read: Row[],
  total: { count: SQL<number>; capped: boolean },
): Promise<ListRows<Omit<Row, 'sort_key' | 'total'>>> {
  const more = read.length > page.limit
  const shown = more ? read.slice(0, page.limit) : read
  const last = shown.at(-1)
  // No second statement to count what matches nothing; any other empty page asks for the
  // count alone.
  const count = nothingMatches(page, read)
    ? 0
    : Number(read[0]?.total ?? (await countOnly(db, total.count)))
  const exact = !total.capped || count <= SEARCH_COUNT_CAP
  return {
    rows: shown.map(({ sort_key: _key, total: _total, ...row }) => row),
    count: exact ? count : SEARCH_COUNT_CAP,
    count_exact: exact,
    next:
      more && last
        ? encodeCursor({ ordering: page.ordering, key: last.sort_key, id: last.id })
        : null,
  }
}

async function countOnly(db: Db, total: SQL<number>): Promise<number> {
  const [row] = await db.select({ n: total }).from(sql`(select 1) as one`)
  return Number(row?.n ?? 0)
}
