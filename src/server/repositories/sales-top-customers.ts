import { inArray, sql } from 'drizzle-orm'
import type { SalesReport } from '#shared/reports'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'
import { salesCustomers } from '../db/schema-reports'
import { instant, money, type SalesFrame } from './sales-frame'

type TopCustomer = SalesReport['top_customers'][number]

const TOP = 10
// Candidates read at first (each batch twice the one before), and at most in all before
// the period is summed per customer instead.
const FIRST_BATCH = 50
const MOST_CANDIDATES = 5_000
// A period of fewer orders is summed per customer at once: it costs less than any search.
const FEW_ORDERS = 5_000

/** Cents of a two-place decimal text (`"1234.50"` → 123450n), exact at any size. */
function cents(text: string): bigint {
  const [whole = '0', part = ''] = text.split('.')
  const negative = whole.startsWith('-')
  const value = BigInt(whole.replace('-', '')) * 100n + BigInt((part + '00').slice(0, 2))
  return negative ? -value : value
}

type Figures = Omit<TopCustomer, 'name'>

/** Larger revenue first, ties by id ascending (the contract's order). */
const ranks = (a: Figures, b: Figures) => {
  const [x, y] = [cents(a.revenue), cents(b.revenue)]
  return x === y ? a.id - b.id : x > y ? -1 : 1
}

const inPeriod = (f: SalesFrame) =>
  sql`${orders.deletedAt} is null
      and ${orders.dateCreated} >= ${instant(f.start)} and ${orders.dateCreated} < ${instant(f.end)}`

/** Every live customer's sum over the period, the ten largest. */
async function summedPerCustomer(db: Db, f: SalesFrame): Promise<TopCustomer[]> {
  const result = await db.execute(sql`
    select c.id, c.name, a.orders, ${money(sql`a.revenue`)} as revenue
    from (select ${orders.customerId} as customer_id, count(*)::int as orders,
                 sum(${orders.totalAmount}) as revenue
          from ${orders} where ${inPeriod(f)} and ${orders.customerId} is not null
          group by ${orders.customerId}) a
    join ${customers} c on c.id = a.customer_id and c.deleted_at is null
    order by a.revenue desc, c.id limit ${TOP}`)
  return (result as { rows: TopCustomer[] }).rows
}

interface Candidate extends Figures {
  /** The customer's all-time revenue: the most it can have brought in the period. */
  bound: string
}

/**
 * The next live customers by all-time revenue (largest first; the kept totals hold live
 * customers' orders only), with their period's figures from their own orders, which are
 * not read at all for a customer whose last order came before the period.
 */
async function candidates(
  db: Db,
  f: SalesFrame,
  size: number,
  after?: Candidate,
): Promise<Candidate[]> {
  const s = salesCustomers
  const past = after
    ? sql`and (${s.revenue}, ${s.customerId}) < (${after.bound}::numeric, ${after.id}::int)`
    : sql``
  const result = await db.execute(sql`
    select ${s.customerId} as id, p.orders, ${money(sql`p.revenue`)} as revenue,
           ${s.revenue}::text as bound
    from ${s}
    cross join lateral (
      select count(*)::int as orders, sum(${orders.totalAmount}) as revenue from ${orders}
      where ${s.lastHour} >= date_trunc('hour', ${instant(f.start)}, 'UTC')
        and ${orders.customerId} = ${s.customerId} and ${inPeriod(f)}) p
    where ${s.orders} > 0 ${past}
    order by ${s.revenue} desc, ${s.customerId} desc limit ${size}`)
  return (result as { rows: Candidate[] }).rows
}

/** The ranked customers with their names. */
async function named(db: Db, best: Figures[]): Promise<TopCustomer[]> {
  if (best.length === 0) return []
  const ids = best.map((c) => c.id)
  const rows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(inArray(customers.id, ids))
  const names = new Map(rows.map((row) => [row.id, row.name]))
  return best.map((c) => ({
    id: c.id,
    name: names.get(c.id) ?? '',
    orders: c.orders,
    revenue: c.revenue,
  }))
}

/**
 * The ten live customers with the most revenue in the period (ties by id). A customer's
 * kept all-time revenue bounds what it brought in any period (amounts are never below
 * zero), so the customers are read from the largest all-time revenue down until the
 * tenth best of the period is more than anyone left could have: 50 customers for a year
 * of 3,000,000 orders and a few hundred for 30 days, where summing the period per
 * customer reads 2,000,000 orders for the year.
 * A short period, or one whose search runs long, is summed per customer.
 */
export async function topCustomers(
  db: Db,
  f: SalesFrame,
  periodOrders: number,
): Promise<TopCustomer[]> {
  if (periodOrders <= FEW_ORDERS) return summedPerCustomer(db, f)
  let best: Figures[] = []
  let last: Candidate | undefined
  for (let read = 0, size = FIRST_BATCH; read < MOST_CANDIDATES; read += size, size *= 2) {
    const batch = await candidates(db, f, size, last)
    const bought = batch.filter((c) => c.orders > 0)
    best = [...best, ...bought.map(({ bound: _, ...c }) => c)].sort(ranks).slice(0, TOP)
    last = batch.at(-1)
    const tenth = best[TOP - 1]
    if (!last || batch.length < size || (tenth && cents(tenth.revenue) > cents(last.bound)))
      return named(db, best)
  }
  return summedPerCustomer(db, f)
}
