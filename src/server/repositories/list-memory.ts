import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { ListCursor } from '../../shared/list-cursor'
import type { Db } from '../db/client'
import {
  finishPage,
  pageOf,
  SEARCH_COUNT_CAP,
  type Page,
  type PageRequest,
  type Sortable,
} from './list-page'

/** A deep page starts from the nearest anchor: the row at every 1,000th place of its list. */
export const ANCHOR_EVERY = 1000
// A change nobody announced (`crm seed-demo` run beside the servers) is seen after this.
const TTL_MS = 10_000
// Enough for every list a team pages through between two changes; anchors are bigger
// (one per 1,000 rows), so fewer lists keep them.
const MAX_COUNTS = 1000
const MAX_ANCHORED = 100
const MAX_PAGES = 1000

interface Kept<T> {
  value: T
  at: number
}

/**
 * What a list costs to work out and is the same for every request until the data changes:
 * a search's count (the next page, another ordering or another agent asks it again), the
 * ids on a search's page (finding them means matching rows until the page is full; reading
 * them again is a lookup by id), and a deep page's anchors (a page at offset 50,000 starts
 * after the 50,000th row's key instead of walking 50,000 index entries). Forgotten at
 * every change: this server's own writes before their answer leaves (so a client reads its
 * writes), other servers' when their announcement arrives, and anything after TTL_MS. A
 * value worked out while a change happened is not kept.
 */
export class ListMemory {
  private changes = 0
  private readonly counts = new Map<string, Kept<number>>()
  private readonly anchors = new Map<string, Kept<ListCursor[]>>()
  private readonly pages = new Map<string, Kept<number[]>>()

  constructor(private readonly now: () => number = Date.now) {}

  changed(): void {
    this.changes += 1
    this.counts.clear()
    this.anchors.clear()
    this.pages.clear()
  }

  /** Read at the start of a request: what it works out is kept only if this still holds. */
  get version(): number {
    return this.changes
  }

  count(list: string): number | undefined {
    return this.fresh(this.counts, list)
  }

  keepCount(list: string, version: number, count: number): void {
    this.keep(this.counts, MAX_COUNTS, list, version, count)
  }

  /** The ids a search's page (list, ordering, cursor, offset and limit) showed, in order. */
  pageIds(page: string): number[] | undefined {
    return this.fresh(this.pages, page)
  }

  keepPageIds(page: string, version: number, ids: number[]): void {
    this.keep(this.pages, MAX_PAGES, page, version, ids)
  }

  /** anchors[i] is the sort key and id of the row at place (i + 1) × ANCHOR_EVERY. */
  anchorsOf(list: string): ListCursor[] {
    return this.fresh(this.anchors, list) ?? []
  }

  keepAnchors(list: string, version: number, anchors: ListCursor[]): void {
    this.keep(this.anchors, MAX_ANCHORED, list, version, anchors)
  }

  private fresh<T>(map: Map<string, Kept<T>>, list: string): T | undefined {
    const kept = map.get(list)
    if (kept && this.now() - kept.at < TTL_MS) return kept.value
    return undefined
  }

  private keep<T>(
    map: Map<string, Kept<T>>,
    max: number,
    list: string,
    version: number,
    value: T,
  ): void {
    if (version !== this.changes) return
    // Adding to what is kept (more anchors) does not make the older part any younger.
    const kept = map.get(list)
    const at = kept && this.now() - kept.at < TTL_MS ? kept.at : this.now()
    if (map.size >= max && !map.has(list)) map.clear()
    map.set(list, { value, at })
  }
}

/** A row's place in its page's ordering, the column an anchor walk adds to a page's keys. */
export type Place = ReturnType<typeof placeOf>

/** One page's statement: its page, its total, and its rows (each with sort key and total). */
interface PageStatement<Row> {
  page: Page
  total: { count: SQL<number>; capped: boolean }
  rows: PromiseLike<Row[]>
}

/** How a repository reads one of its lists (customers, orders) through the memory. */
export interface RememberedList<F extends string, Q, Row> {
  /** The entity and filters, not the paging: what counts and anchors are kept under. */
  name: string
  sortable: Sortable<F>
  /**
   * The page's statement; with `count`, the remembered total instead of a count; with
   * `found`, only those ids' rows (the page as it was found before), read by id.
   */
  statement: (query: Q, count: number | undefined, found?: number[]) => PageStatement<Row>
  /** The page's ids and sort keys with `place`, in its ordering: what anchors are walked on. */
  keys: (page: Page, place: Place) => { limit(rows: number): SQLWrapper }
}

/**
 * One page of a list through `memory`: a deep offset starts from the nearest anchor (the
 * anchors it lacks are walked first, once), and a search's count and the ids on its page
 * are read from memory or kept for the next request.
 */
export async function rememberedPage<
  F extends string,
  Q extends PageRequest<F> & { search?: string | undefined },
  Row extends { sort_key: string; id: number; total: number },
>(db: Db, memory: ListMemory, list: RememberedList<F, Q, Row>, query: Q) {
  const version = memory.version
  const searched = Boolean(query.search)
  const ordering = query.ordering ?? list.sortable.defaultOrdering
  const request = await anchoredPage(memory, `${list.name} ${ordering}`, query, (from, rows) => {
    const page = pageOf(list.sortable, { ...query, offset: undefined, after: from })
    return anchorsAmong(db, page, list.keys(page, placeOf(page)).limit(rows))
  })
  const known = searched ? memory.count(list.name) : undefined
  const paging = [request.after, request.offset ?? 0, request.limit]
  const pageName = `${list.name} ${ordering} ${JSON.stringify(paging)}`
  const found = searched ? memory.pageIds(pageName) : undefined
  // The rows found before are the page: read by id, from the start of that set.
  const statement = found
    ? list.statement({ ...request, after: undefined, offset: undefined }, known, found)
    : list.statement(request, known)
  const read = await statement.rows
  const answer = await finishPage(db, statement.page, read, statement.total)
  if (searched && known === undefined) {
    const count = answer.count_exact ? answer.count : SEARCH_COUNT_CAP + 1
    memory.keepCount(list.name, version, count)
  }
  if (searched && !found) {
    memory.keepPageIds(
      pageName,
      version,
      read.map((row) => Number(row.id)),
    )
  }
  return answer
}

/**
 * `query` at a deep offset, rewritten to start after the nearest anchor at or before it,
 * with the rest of the offset (under ANCHOR_EVERY).
 */
async function anchoredPage<Q extends Pick<PageRequest<string>, 'offset' | 'after'>>(
  memory: ListMemory,
  list: string,
  query: Q,
  walk: (from: ListCursor | undefined, rows: number) => Promise<ListCursor[]>,
): Promise<Q> {
  const offset = query.offset ?? 0
  const wanted = Math.floor(offset / ANCHOR_EVERY)
  if (wanted === 0) return query
  const version = memory.version
  let anchors = memory.anchorsOf(list)
  if (anchors.length < wanted) {
    const found = await walk(anchors.at(-1), (wanted - anchors.length) * ANCHOR_EVERY)
    anchors = [...anchors, ...found]
    memory.keepAnchors(list, version, anchors)
  }
  // A list shorter than the offset has fewer anchors: the page starts from its last one.
  const used = Math.min(wanted, anchors.length)
  if (used === 0) return query
  return { ...query, after: anchors[used - 1], offset: offset - used * ANCHOR_EVERY }
}

/** Each row's place in the page's ordering (1, 2, …), counted from its cursor. */
const placeOf = (page: Page) =>
  sql<number>`row_number() over (order by ${sql.join(page.orderBy, sql`, `)})`.as('place')

/**
 * The anchors among `walked` (a page's ids and keys with placeOf, read in its ordering up
 * to a limit): the cursor of every ANCHOR_EVERY-th row.
 */
async function anchorsAmong(db: Db, page: Page, walked: SQLWrapper): Promise<ListCursor[]> {
  const rows = await db
    .select({ key: sql<string>`walked.sort_key`, id: sql<number>`walked.id` })
    .from(sql`(${walked}) as walked`)
    .where(sql`walked.place % ${ANCHOR_EVERY} = 0`)
    .orderBy(sql`walked.place`)
  return rows.map(({ key, id }) => ({ ordering: page.ordering, key, id: Number(id) }))
}
