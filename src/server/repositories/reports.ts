import { sql, type SQL } from 'drizzle-orm'
import type { SalesReport, SalesReportPeriod, SalesSeries } from '#shared/reports'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'
import { salesCityDays, salesHours, salesJoinedHours } from '../db/schema-reports'
import { instant, money, previousPeriod, salesFrame, type SalesFrame } from './sales-frame'
import { topCustomers } from './sales-top-customers'

export { previousPeriod } from './sales-frame'

/**
 * Sales reports (API contract "Sales reports"), worked out by the database: every figure
 * is an aggregate over the period's live orders, a range of date_created (the local
 * days' bounds turned into instants in `tz`, see sales-frame.ts). Amounts stay numeric
 * until the end, where they are rounded half up to the cent with two places.
 *
 * Where the zone's midnights fall on UTC hours (nearly every zone), the figures come
 * from the totals the database keeps (migration 0020): per hour and status, per day and
 * city (the whole UTC days inside the period; the hours around them from the orders),
 * new customers per hour. Elsewhere (Asia/Kolkata) every figure is summed from the
 * period's orders. The top customers are found from the customers' kept totals
 * (sales-top-customers.ts).
 */

const average = (revenue: SQL, count: SQL) =>
  money(sql`case when ${count} = 0 then 0 else ${revenue} / ${count} end`)

/** An instant's interval: its local day cut to the week (Monday) or month, never before `from`. */
const intervalOf = (p: SalesReportPeriod, at: SQL) =>
  sql`greatest(date_trunc(${p.interval}::text, ${at} at time zone ${p.tz})::date, ${p.from}::date)`

/** `hour` or `date_created` within [from, to). */
const within = (column: SQL, from: string, to: string) =>
  sql`${column} >= ${instant(from)} and ${column} < ${instant(to)}`

/**
 * Orders and revenue per interval, per status, and in all (`g`, grouping(start, status):
 * 1, 2, 3), from the kept hours or from the orders.
 */
function groupsOf(p: SalesReportPeriod, f: SalesFrame): SQL {
  const h = salesHours
  const o = orders
  const source = f.wholeHours
    ? sql`select ${intervalOf(p, sql`${h.hour}`)} as start, ${h.status} as status,
                 ${h.orders} as orders, ${h.revenue} as revenue
          from ${h} where ${within(sql`${h.hour}`, f.start, f.end)}`
    : sql`select ${intervalOf(p, sql`${o.dateCreated}`)} as start, ${o.status} as status,
                 1 as orders, ${o.totalAmount} as revenue
          from ${o} where ${o.deletedAt} is null and ${within(sql`${o.dateCreated}`, f.start, f.end)}`
  return sql`
    select grouping(start, status) as g, start, status,
           sum(orders)::int as orders, sum(revenue) as revenue
    from (${source}) o
    group by grouping sets ((start), (status), ())`
}

/** The period before's orders and revenue. */
function beforeOf(f: SalesFrame): SQL {
  const h = salesHours
  const o = orders
  return f.wholeHours
    ? sql`select sum(${h.orders})::int as orders, sum(${h.revenue}) as revenue
          from ${h} where ${within(sql`${h.hour}`, f.before, f.start)}`
    : sql`select count(*)::int as orders, sum(${o.totalAmount}) as revenue
          from ${o} where ${o.deletedAt} is null and ${within(sql`${o.dateCreated}`, f.before, f.start)}`
}

const DAY_MS = 86_400_000
const shifted = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString()

/** Orders in [from, to) counted with `sign` (+1, or -1 to take them away from a kept day). */
interface OrderRange {
  from: string
  to: string
  sign: 1 | -1
}

/**
 * How the kept days and the orders make up a period whose whole UTC days run from
 * `dayFrom` to `dayTo`: each partial day at either end (up to 24 hours) is read from its
 * orders when it is the smaller part of its UTC day, else as the kept day less the
 * orders of the rest of it, so no more than 12 hours of orders are read at each end.
 */
function daysAndEdges(f: SalesFrame): {
  days: [string, string]
  extra: string[]
  ranges: OrderRange[]
} {
  const extra: string[] = []
  const ranges: OrderRange[] = []
  const edge = (from: string, to: string, dayStart: string) => {
    const length = Date.parse(to) - Date.parse(from)
    if (length <= 0) return
    if (length <= DAY_MS / 2) return void ranges.push({ from, to, sign: 1 })
    const dayEnd = shifted(dayStart, DAY_MS)
    extra.push(dayStart.slice(0, 10))
    if (Date.parse(from) > Date.parse(dayStart)) ranges.push({ from: dayStart, to: from, sign: -1 })
    if (Date.parse(to) < Date.parse(dayEnd)) ranges.push({ from: to, to: dayEnd, sign: -1 })
  }
  const midnightBefore = (at: string) => `${at.slice(0, 10)}T00:00:00Z`
  edge(f.start, f.dayFrom, midnightBefore(f.start))
  edge(f.dayTo, f.end, f.dayTo)
  return { days: [f.dayFrom.slice(0, 10), f.dayTo.slice(0, 10)], extra, ranges }
}

/**
 * The orders of live customers by city, in parts: the kept days wholly inside the period
 * and the partial days at its ends (see daysAndEdges), or else the period's orders. The
 * orders are summed per customer, each customer's city then read by its key (`offset 0`
 * keeps the planner from a hash join, which would read every customer).
 */
function cityPartsOf(f: SalesFrame): SQL {
  const o = orders
  const d = salesCityDays
  // One range of orders, read from orders_date_idx alone.
  const range = ({ from, to, sign }: OrderRange) => sql`
    select ${o.customerId} as customer_id, ${sql.raw(String(sign))} as sign, ${o.totalAmount} as amount
    from ${o} where ${o.deletedAt} is null and ${o.customerId} is not null
      and ${within(sql`${o.dateCreated}`, from, to)}`
  const cityOf = (ranges: OrderRange[]) => sql`
    select c.city, a.orders, a.revenue
    from (select customer_id, sum(sign)::int as orders, sum(sign * amount) as revenue
          from (${sql.join(ranges.map(range), sql` union all `)}) r
          group by customer_id offset 0) a
    cross join lateral (select ${customers.city} from ${customers}
                        where ${customers.id} = a.customer_id and ${customers.deletedAt} is null
                        offset 0) c`
  if (!f.wholeHours) return cityOf([{ from: f.start, to: f.end, sign: 1 }])
  const { days, extra, ranges } = daysAndEdges(f)
  const extraDays = extra.map((day) => sql`${day}::date`)
  const kept = sql`
    select ${d.city}, ${d.orders}, ${d.revenue} from ${d}
    where (${d.day} >= ${days[0]}::date and ${d.day} < ${days[1]}::date)
       ${extra.length > 0 ? sql`or ${d.day} in (${sql.join(extraDays, sql`, `)})` : sql``}`
  return ranges.length > 0 ? sql`${kept} union all ${cityOf(ranges)}` : kept
}

/** The live customers created in the period before and in this one, kept per hour or counted. */
function joinedOf(f: SalesFrame): SQL {
  const h = salesJoinedHours
  const c = customers
  const rows = f.wholeHours
    ? sql`select ${h.hour} as at, ${h.customers} as n from ${h}
          where ${within(sql`${h.hour}`, f.before, f.end)}`
    : sql`select ${c.dateCreated} as at, 1 as n from ${c}
          where ${c.deletedAt} is null and ${within(sql`${c.dateCreated}`, f.before, f.end)}`
  return sql`
    select json_build_object(
             'now', coalesce(sum(n) filter (where at >= ${instant(f.start)}), 0)::int,
             'before', coalesce(sum(n) filter (where at < ${instant(f.start)}), 0)::int)
    from (${rows}) j`
}

/** Every interval's start (empty ones too) with the period's figures for it, as JSON. */
function seriesOf(p: SalesReportPeriod): SQL {
  const unit = sql`${p.interval}::text`
  return sql`
    select coalesce(json_agg(json_build_object(
             'start', to_char(s.start, 'YYYY-MM-DD'),
             'revenue', ${money(sql`g.revenue`)}, 'orders', coalesce(g.orders, 0)
           ) order by s.start), '[]'::json)
    from (select greatest(d::date, ${p.from}::date) as start
          from generate_series(date_trunc(${unit}, ${p.from}::date::timestamp),
                               ${p.to}::date::timestamp, ('1 ' || ${unit})::interval) d) s
    left join groups g on g.g = 1 and g.start = s.start`
}

type Row = Record<string, unknown>

/**
 * The one row a statement answers (both drivers answer `{ rows }`). The intervals' groups
 * are estimated at one per row read (an expression has no statistics), and with the
 * default 4 MB of working memory PostgreSQL sorts them on disk instead of hashing a few
 * dozen.
 */
async function oneRow(db: Db, query: SQL): Promise<Row> {
  await db.execute(sql`set local work_mem = '32MB'`)
  // Compiling the statement (PostgreSQL's JIT, for plans it costs high) takes longer than
  // running it.
  await db.execute(sql`set local jit = off`)
  const result = await db.execute(query)
  const { rows } = result as { rows: Row[] }
  if (!rows[0]) throw new Error('the report answered no row')
  return rows[0]
}

const figures = (count: SQL, revenue: SQL) =>
  sql`json_build_object('orders', ${count}, 'revenue', ${money(revenue)},
                        'average_order', ${average(revenue, count)})`
const share = (count: SQL, revenue: SQL) => sql`'orders', ${count}, 'revenue', ${money(revenue)}`

/** The statement behind the whole report but its top customers: one row of JSON parts. */
export function reportQuery(p: SalesReportPeriod, f: SalesFrame): SQL {
  return sql`
    with groups as materialized (${groupsOf(p, f)}),
    city_parts as materialized (${cityPartsOf(f)}),
    cities as (
      select city, sum(orders)::int as orders, sum(revenue) as revenue,
             row_number() over (order by sum(revenue) desc, city) as rank
      from city_parts where city <> '' group by city
      having sum(orders) > 0)  -- a kept city's rows may have come back to zero
    select
      (select ${figures(sql`coalesce(sum(orders), 0)::int`, sql`sum(revenue)`)}
         from groups where g = 3) as totals,
      (select ${figures(sql`coalesce(orders, 0)`, sql`revenue`)} from (${beforeOf(f)}) b) as before,
      (${joinedOf(f)}) as joined,
      (${seriesOf(p)}) as series,
      (select json_agg(json_build_object('status', s.status,
                ${share(sql`coalesce(g.orders, 0)`, sql`g.revenue`)}) order by s.rank)
         from (values ('Pending', 1), ('Out for delivery', 2), ('Delivered', 3)) s(status, rank)
         left join groups g on g.g = 2 and g.status = s.status) as by_status,
      (select coalesce(json_agg(json_build_object('city', city, ${share(sql`orders`, sql`revenue`)})
                order by rank), '[]'::json)
         from cities where rank <= 10) as by_city,
      (select json_build_object(${share(sql`coalesce(sum(orders), 0)::int`, sql`sum(revenue)`)})
         from (select orders, revenue from cities where rank > 10
               union all select orders, revenue from city_parts where city = '') o) as other_cities`
}

/**
 * Runs `work` in one read-only snapshot: the report's statements see the same data.
 */
const snapshot = <T>(db: Db, work: (tx: Db) => Promise<T>) =>
  db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' })

/** The whole report (the database refuses a zone it does not know: SQLSTATE 22023). */
export function salesReport(db: Db, p: SalesReportPeriod): Promise<SalesReport> {
  return snapshot(db, async (tx) => {
    const frame = await salesFrame(tx, p)
    const row = await oneRow(tx, reportQuery(p, frame))
    const totals = row.totals as { orders: number }
    const joined = row.joined as { now: number; before: number }
    return {
      ...p,
      totals: { ...totals, new_customers: joined.now },
      previous: { ...previousPeriod(p), ...(row.before as object), new_customers: joined.before },
      series: row.series,
      by_status: row.by_status,
      by_city: row.by_city,
      other_cities: row.other_cities,
      top_customers: await topCustomers(tx, frame, totals.orders),
    } as SalesReport
  })
}

/** The series alone (the CSV export). */
export function salesSeries(db: Db, p: SalesReportPeriod): Promise<SalesSeries> {
  return snapshot(db, async (tx) => {
    const frame = await salesFrame(tx, p)
    const query = sql`with groups as (${groupsOf(p, frame)}) select (${seriesOf(p)}) as series`
    return (await oneRow(tx, query)).series as SalesSeries
  })
}
