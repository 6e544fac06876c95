import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type {
  Customer,
  CustomerData,
  CustomerListQuery,
  CustomerOrderField,
} from '#shared/customer'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { isRowId } from '#shared/constants'
import type { Db } from '../db/client'
import { agents, customers, lowered, orders } from '../db/schema'
import {
  describeChanges,
  diff,
  recordChange,
  whole,
  type ChangeActor,
  type Updated,
} from './history'
import { createdBetween, hasRange } from './created-between'
import { isoDate } from './iso-date'
import { asValue, runShaped, shapeOf, type Bind } from './shaped-statements'
import {
  cappedCount,
  exactCount,
  finishPage,
  keptCount,
  keyText,
  likePattern,
  nothingMatches,
  pageOf,
  pageOver,
  rowsToRead,
  SEARCH_COUNT_CAP,
  type ListRows,
  type Sortable,
} from './list-page'

/** A customer's stored fields, as a list reads them before its page is chosen. */
const storedColumns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  city: customers.city,
  country: customers.country,
  phone: customers.phone,
  dateCreated: customers.dateCreated,
  version: customers.version,
  nextFollowUp: customers.nextFollowUp,
  ownerId: customers.ownerId,
}

/** A customer as the API shows one, from its stored fields (the table's or a subquery's). */
const shownColumns = (from: typeof storedColumns) => ({
  id: from.id,
  name: from.name,
  email: from.email,
  city: from.city,
  country: from.country,
  phone: from.phone,
  date_created: isoDate(from.dateCreated),
  version: from.version,
  next_follow_up: isoDate(from.nextFollowUp),
  // A subquery, not a join, so inserts and updates can return it too.
  owner: sql<
    Customer['owner']
  >`(select json_build_object('id', ${agents.id}, 'username', ${agents.username}) from ${agents} where ${agents.id} = ${from.ownerId})`,
})

export const customerColumns = shownColumns(storedColumns)

/** Deleted customers stay until purged; everything but undo reads the live ones. */
export const liveCustomer = isNull(customers.deletedAt)

/** At most this many of a long search's three-letter runs narrow its count's candidates. */
const COUNTED_RUNS = 8
/** The longest search whose count the database keeps (search_count_runs, migration 0028). */
const KEPT_RUN_LETTERS = 4

/**
 * Case-insensitive substring match over every searchable field: the stored lower-case
 * `search_text` with LIKE, which its trigram index serves for three letters or more. A
 * search's count (when nothing else filters: totalOf) of five letters or more asks the
 * runs index instead (search_grams, migration 0023): the search's three-letter runs find
 * the candidates, each then checked whole (`strpos`, which no trigram plan takes over).
 * Its page keeps LIKE, read along the ordering's index until the page is full.
 */
function customerSearch(text: string, counting: boolean, bind: Bind): SQL {
  const lowered = text.toLowerCase()
  const chars = [...lowered]
  if (!counting || chars.length <= KEPT_RUN_LETTERS)
    return sql`${customers.searchText} like ${bind('search', likePattern(lowered))}`
  const grams = sql`search_grams(${customers.searchText})`
  const runs = [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))]
  const some = runs.slice(0, COUNTED_RUNS).map((run) => sql`${run}`)
  return sql`(${grams} @> array[${sql.join(some, sql`, `)}]::text[] and strpos(${customers.searchText}, ${lowered}) > 0)`
}

/**
 * A search of two to four letters is one run of `search_count_runs()`: the live customers
 * holding it are counted by the database as they change (migrations 0027, 0028), so its count
 * reads one row. Capped as any search's count is.
 */
function keptSearchCount(text: string) {
  const lowered = text.toLowerCase()
  const length = [...lowered].length
  if (length < 2 || length > KEPT_RUN_LETTERS) return undefined
  const count = sql<number>`(select coalesce(max(n), 0)::int from search_gram_counts where gram = ${lowered})`
  return { count, capped: true }
}

const sortable: Sortable<CustomerOrderField> = {
  keys: {
    id: { expr: customers.id, type: 'integer' },
    name: { expr: lowered(customers.name), type: 'text' },
    email: { expr: lowered(customers.email), type: 'text' },
    city: { expr: lowered(customers.city), type: 'text' },
    country: { expr: lowered(customers.country), type: 'text' },
    phone: { expr: lowered(customers.phone), type: 'text' },
    date_created: { expr: customers.dateCreated, type: 'timestamptz' },
    // Kept by a trigger on tasks; customers without one come last both ways.
    next_follow_up: { expr: customers.nextFollowUp, type: 'timestamptz', nullable: true },
    // The owner's username in lower case, kept by a trigger; no owner comes last both ways.
    owner: { expr: customers.ownerKey, type: 'text', nullable: true },
  },
  id: customers.id,
  defaultOrdering: '-date_created',
}

/** A list query whose `owner=me` the route has made the signed-in agent's id. */
export type CustomerQuery = Omit<CustomerListQuery, 'owner'> & { owner?: number | 'none' }

function ownerFilter(owner: CustomerQuery['owner'], bind: Bind): SQL | undefined {
  if (owner === undefined) return undefined
  if (owner === 'none') return isNull(customers.ownerId)
  // An id no agent can have matches nothing (and must not reach the integer column).
  return isRowId(owner) ? sql`${customers.ownerId} = ${bind('owner', owner)}` : sql`false`
}

/** `city` and `country` match exactly, ignoring case, through their lower() indexes. */
const sameText = (column: AnyPgColumn, value: string | undefined, bound: unknown) =>
  value === undefined ? undefined : sql`lower(${column}) = ${bound}`

/** The list's rows (`counting`: the same rows, as its count finds them). */
const customerFilter = (query: CustomerQuery, counting = false, bind: Bind = asValue) =>
  and(
    liveCustomer,
    query.search ? customerSearch(query.search, counting, bind) : undefined,
    ownerFilter(query.owner, bind),
    sameText(customers.city, query.city, bind('city', query.city?.toLowerCase())),
    sameText(customers.country, query.country, bind('country', query.country?.toLowerCase())),
    createdBetween(customers.dateCreated, query, bind),
  )

/** Whether the list is narrowed by more than a search (owner, city, country, created). */
const filtered = (query: CustomerQuery) =>
  query.owner !== undefined || !!query.city || !!query.country || hasRange(query)

/**
 * The list's total: kept for the whole list, counted exactly under filters, capped for a
 * search. A search alone is read from the kept runs (two to four letters) or counted
 * through the runs index (more); with a filter beside it, see searchBesideFilter.
 */
function totalOf(query: CustomerQuery, where: SQL | undefined) {
  const matches = sql`select 1 from ${customers} where ${where}`
  if (query.search && !filtered(query)) {
    return (
      keptSearchCount(query.search) ??
      cappedCount(sql`select 1 from ${customers} where ${customerFilter(query, true)}`)
    )
  }
  if (query.search) return cappedCount(matches)
  return filtered(query) ? exactCount(matches) : keptCount('customers', '')
}

/**
 * One page of customers in one statement, with the list's total (kept for the whole list,
 * counted up to the cap for a search). A page at an offset takes its ids and sort keys
 * from the ordering's index first (deep pages skip index entries, not rows) and joins them
 * to their rows; a page from the start or after a cursor reads its rows straight from
 * that index.
 */
export function customerListQuery(db: Db, query: CustomerQuery, bind: Bind = asValue) {
  const page = pageOf(sortable, query, bind)
  const where = customerFilter(query, false, bind)
  const total = totalOf(query, where)
  const selected = { ...customerColumns, total: sql<number>`${total.count}`.as('total') }
  if (page.offset === 0) {
    const rows = db
      .select({ ...selected, sort_key: keyText(page) })
      .from(customers)
      .where(and(where, page.after))
      .orderBy(...page.orderBy)
      .limit(rowsToRead(page))
    return { page, total, rows }
  }
  const ids = db
    .select({ id: customers.id, sort_key: keyText(page) })
    .from(customers)
    .where(and(where, page.after))
    .orderBy(...page.orderBy)
    .limit(rowsToRead(page))
    .offset(bind('offset', page.offset) as number)
    .as('page')
  const rows = db
    .select({ ...selected, sort_key: ids.sort_key })
    .from(ids)
    .innerJoin(customers, eq(customers.id, ids.id))
    .orderBy(...page.orderBy)
  return { page, total, rows }
}

/**
 * A search beside a filter: its matches (up to the cap) are found once, through the
 * indexes that serve the two together (a month's dates and the search's trigrams), with
 * their stored fields, and both the count and the page come from them. Asked separately,
 * the count and the page each found the same matches again; read again by id, the page's
 * rows cost PostgreSQL a third more work and planning. Past the cap the matches found are
 * only some of them, and the page must be read the ordinary way.
 */
function searchBesideFilter(db: Db, query: CustomerQuery, bind: Bind) {
  const page = pageOf(sortable, query)
  const matched = db.$with('matched').as(
    db
      .select({ ...storedColumns, key: sql`${page.key}`.as('key') })
      .from(customers)
      .where(customerFilter(query, false, bind))
      .limit(SEARCH_COUNT_CAP + 1),
  )
  const inMatched = pageOver(sortable, query, { key: sql`${matched.key}`, id: matched.id }, bind)
  const shown = db
    .select({
      ...matched._.selectedFields,
      sort_key: sql<string | null>`${matched.key}::text`.as('sort_key'),
    })
    .from(matched)
    .where(inMatched.after)
    .orderBy(...inMatched.orderBy)
    .limit(rowsToRead(page))
    .offset(bind('offset', page.offset) as number)
    .as('page')
  const inPage = pageOver(sortable, query, { key: sql`${shown.key}`, id: shown.id })
  // The page's columns are the stored ones under the subquery's name, of the same types.
  const stored = shown as unknown as typeof storedColumns
  return db
    .with(matched)
    .select({
      ...shownColumns(stored),
      total: sql<number>`(select count(*)::int from ${matched})`.as('total'),
      sort_key: shown.sort_key,
    })
    .from(shown)
    .orderBy(...inPage.orderBy)
}

/**
 * What a customers statement is built from besides the values it binds: the values of
 * searches, dates, places, owners and cursors vary at every call.
 */
const shapeOfList = (name: string, query: CustomerQuery) =>
  shapeOf(name, query, {
    search: () => true,
    city: () => true,
    country: () => true,
    created_from: () => true,
    created_to: () => true,
    tz: () => true,
    offset: (offset) => offset > 0,
    owner: (owner) => (typeof owner === 'number' && isRowId(owner) ? 'id' : owner),
    after: (after) => after.key === null,
  })

/** The values customerFilter and pageOf bind for `query`, and the page's offset. */
function bindListValues(query: CustomerQuery, bind: Bind) {
  customerFilter(query, false, bind)
  pageOf(sortable, query, bind)
  bind('offset', query.offset ?? 0)
}

/**
 * The page of a search beside a filter, its statement built once for its shape: Drizzle
 * building its text (a CTE, a subquery, their aliased columns) took more of the server's
 * work than reading its rows.
 */
const readSearchBesideFilter = (db: Db, query: CustomerQuery) =>
  runShaped(
    db,
    shapeOfList('customers: search beside filter', query),
    (bind) => searchBesideFilter(db, query, bind),
    (bind) => bindListValues(query, bind),
  )

/**
 * A page without a search, its statement built once for its shape. A search's count
 * depends on its text (its length, its runs: totalOf), so a page with one is built each
 * time.
 */
function readPage(db: Db, query: CustomerQuery) {
  if (query.search) return customerListQuery(db, query).rows
  return runShaped(
    db,
    shapeOfList('customers: page', query),
    (bind) => customerListQuery(db, query, bind).rows,
    (bind) => bindListValues(query, bind),
  )
}

export async function listCustomers(
  db: Db,
  query: CustomerQuery,
): Promise<{ Customers: Customer[] } & Omit<ListRows<Customer>, 'rows'>> {
  if (query.search && filtered(query)) {
    const read = await readSearchBesideFilter(db, query)
    const page = pageOf(sortable, query)
    // Answered unless the page lies past the matches found, or they reach the cap (then
    // they are only some of them).
    const matched = read[0]?.total ?? 0
    if (nothingMatches(page, read) || (read.length > 0 && matched <= SEARCH_COUNT_CAP)) {
      const capped = { count: sql<number>`${matched}`, capped: true }
      const { rows: shown, ...rest } = await finishPage(db, page, read, capped)
      return { Customers: shown, ...rest }
    }
  }
  const read = await readPage(db, query)
  const total = totalOf(query, customerFilter(query))
  const { rows: shown, ...rest } = await finishPage(db, pageOf(sortable, query), read, total)
  return { Customers: shown, ...rest }
}

export async function findCustomer(db: Db, id: number): Promise<Customer | undefined> {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.id, id), liveCustomer))
  return row
}

export async function customerExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), liveCustomer))
  return row !== undefined
}

/** The owner's username, as history entries name an owner. */
const ownerName = (customer: Pick<Customer, 'owner'>) => customer.owner?.username ?? null

/** Creates a customer owned by `ownerId` (null: nobody). */
export function createCustomer(
  db: Db,
  data: CustomerData,
  actor: ChangeActor,
  ownerId: number | null = null,
): Promise<Customer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({ ...data, ownerId })
      .returning(customerColumns)
    if (!row) throw new Error('insert returned no row')
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'customer',
      entityId: row.id,
      summary: `Customer ${row.name} created`,
      changes: whole({ ...data, owner: ownerName(row) }, 'created'),
      object: row,
    })
    return row
  })
}

/**
 * Changes a live customer; a save that changes nothing writes nothing (and no entry).
 * `ownerId` undefined keeps the owner. With `expected`, an edit begun from an older
 * version is refused: `conflict` and the customer as it is now.
 */
export function updateCustomer(
  db: Db,
  id: number,
  change: { data: CustomerData; ownerId?: number | null | undefined },
  actor: ChangeActor,
  expected?: number,
): Promise<Updated<Customer> | undefined> {
  const { data, ownerId } = change
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(customerColumns)
      .from(customers)
      .where(and(eq(customers.id, id), liveCustomer))
      .for('update')
    if (!before) return undefined
    if (expected !== undefined && expected !== before.version) {
      return { record: before, conflict: true }
    }
    const changes = diff(before, data)
    const newOwner = ownerId !== undefined && ownerId !== (before.owner?.id ?? null)
    if (Object.keys(changes).length === 0 && !newOwner) return { record: before, conflict: false }
    const [row] = await tx
      .update(customers)
      .set({ ...data, ...(newOwner ? { ownerId } : {}), version: sql`${customers.version} + 1` })
      .where(eq(customers.id, id))
      .returning(customerColumns)
    if (!row) throw new Error('update returned no row')
    if (newOwner) changes.owner = [ownerName(before), ownerName(row)]
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'customer',
      entityId: id,
      summary: `Customer ${before.name} ${describeChanges(changes)}`,
      changes,
      object: row,
    })
    return { record: row, conflict: false }
  })
}

/**
 * Deletes a live customer, reversibly: it leaves every list, statistic and read, and
 * its orders lose it (customer null) but remember it, for a restore to give it back.
 */
export function deleteCustomer(db: Db, id: number, actor: ChangeActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(customers.id, id), liveCustomer))
      .returning(customerColumns)
    if (!row) return false
    await tx
      .update(orders)
      .set({ formerCustomerId: id, customerId: null })
      .where(eq(orders.customerId, id))
    await recordChange(tx, actor, {
      action: 'delete',
      entity: 'customer',
      entityId: id,
      summary: `Customer ${row.name} deleted`,
      changes: whole(row, 'deleted'),
      object: row,
    })
    return true
  })
}

/** Brings a deleted customer back with its orders; undefined when it is not deleted. */
export function restoreCustomer(
  db: Db,
  id: number,
  actor: ChangeActor,
): Promise<Customer | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({ deletedAt: null })
      .where(and(eq(customers.id, id), isNotNull(customers.deletedAt)))
      .returning(customerColumns)
    if (!row) return undefined
    const relinked = await tx
      .update(orders)
      .set({ customerId: id, formerCustomerId: null })
      .where(eq(orders.formerCustomerId, id))
      .returning({ id: orders.id })
    await recordChange(tx, actor, {
      action: 'restore',
      entity: 'customer',
      entityId: id,
      summary: `Customer ${row.name} restored, with ${relinked.length} order${relinked.length === 1 ? '' : 's'}`,
      changes: whole(row, 'created'),
      object: row,
    })
    return row
  })
}
