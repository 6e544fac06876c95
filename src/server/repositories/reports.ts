import { sql, type SQL } from 'drizzle-orm'
import { addDays, spanDays } from '#shared/days'
import type { SalesReport, SalesReportPeriod, SalesSeries } from '#shared/reports'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'

/**
 * Sales reports (API contract "Sales reports"), worked out by the database in one
 * statement: every figure is an aggregate over the period's live orders, a range of
 * date_created (the local days' bounds turned into instants in `tz`). Amounts stay
 * numeric until the end, where they are rounded half up to the cent with two places.
 * Measured on PostgreSQL (EXPLAIN ANALYZE, tests/bench/reports-rows.ts): reading the
 * period twice costs less than materializing it once for every aggregate, and the
 * per-customer sums are cheapest grouped from rows sorted by customer.
 */

const money = (value: SQL) => sql`round(coalesce(${value}, 0), 2)::text`
const average = (revenue: SQL, count: SQL) =>
  money(sql`case when ${count} = 0 then 0 else ${revenue} / ${count} end`)
/** The instant a local date (a date expression) begins in the zone. */
const startOf = (date: SQL, tz: string) => sql`((${date})::timestamp at time zone ${tz})`

/** The previous period: same length, ending the day before `from`. */
export const previousPeriod = (p: SalesReportPeriod) => ({
  from: addDays(p.from, -spanDays(p.from, p.to)),
  to: addDays(p.from, -1),
})

/** Starts of the previous period and of this one, and this one's end (exclusive). */
function boundsOf(p: SalesReportPeriod) {
  return {
    before: startOf(sql`${previousFrom(p)}::date`, p.tz),
    start: startOf(sql`${p.from}::date`, p.tz),
    end: startOf(sql`${p.to}::date + 1`, p.tz),
  }
}
const previousFrom = (p: SalesReportPeriod) => previousPeriod(p).from

/**
 * Per interval (its start: the local day cut to the week (Monday) or month, never before
 * `from`), per status, and in all: `g` says which (grouping(start, status): 1, 2, 3).
 */
function groupsOf(p: SalesReportPeriod): SQL {
  const b = boundsOf(p)
  return sql`
    select grouping(start, status) as g, start, status,
           count(*)::int as orders, sum(total_amount) as revenue
    from (select o.status, o.total_amount,
                 greatest(date_trunc(${p.interval}::text, o.date_created at time zone ${p.tz})::date,
                          ${p.from}::date) as start
          from ${orders} o
          where o.deleted_at is null
            and o.date_created >= ${b.start} and o.date_created < ${b.end}) o
    group by grouping sets ((start), (status), ())`
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

/**
 * Live customers with orders in the period and their figures, summed from the orders
 * sorted by customer (orders without a live customer are in no city and no top ten).
 */
function buyersOf(p: SalesReportPeriod): SQL {
  const b = boundsOf(p)
  return sql`
    select c.id, c.name, c.city, a.orders, a.revenue
    from (select customer_id, count(*)::int as orders, sum(total_amount) as revenue
          from (select o.customer_id, o.total_amount from ${orders} o
                where o.deleted_at is null and o.customer_id is not null
                  and o.date_created >= ${b.start} and o.date_created < ${b.end}
                order by o.customer_id) o
          group by customer_id) a
    join ${customers} c on c.id = a.customer_id and c.deleted_at is null`
}

type Row = Record<string, unknown>

/**
 * The one row a statement answers (both drivers answer `{ rows }`). The intervals' groups
 * are estimated at one per order (an expression has no statistics), and with the default
 * 4 MB of working memory PostgreSQL sorts them on disk instead of hashing a few dozen.
 */
function oneRow(db: Db, query: SQL): Promise<Row> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`)
    const result = await tx.execute(query)
    const { rows } = result as { rows: Row[] }
    if (!rows[0]) throw new Error('the report answered no row')
    return rows[0]
  })
}

const figures = (count: SQL, revenue: SQL) =>
  sql`json_build_object('orders', ${count}, 'revenue', ${money(revenue)},
                        'average_order', ${average(revenue, count)})`
const share = (count: SQL, revenue: SQL) => sql`'orders', ${count}, 'revenue', ${money(revenue)}`

/** The statement behind the whole report: one row of JSON parts. */
export function reportQuery(p: SalesReportPeriod): SQL {
  const b = boundsOf(p)
  return sql`
    with groups as materialized (${groupsOf(p)}),
    buyers as materialized (${buyersOf(p)}),
    cities as (
      select city, sum(orders)::int as orders, sum(revenue) as revenue,
             row_number() over (order by sum(revenue) desc, city) as rank
      from buyers where city <> '' group by city)
    select
      (select ${figures(sql`coalesce(sum(orders), 0)::int`, sql`sum(revenue)`)}
         from groups where g = 3) as totals,
      (select ${figures(sql`count(*)::int`, sql`sum(total_amount)`)}
         from ${orders} where deleted_at is null
          and date_created >= ${b.before} and date_created < ${b.start}) as before,
      (select json_build_object(
                'now', count(*) filter (where date_created >= ${b.start})::int,
                'before', count(*) filter (where date_created < ${b.start})::int)
         from ${customers} where deleted_at is null
          and date_created >= ${b.before} and date_created < ${b.end}) as joined,
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
               union all select orders, revenue from buyers where city = '') o) as other_cities,
      (select coalesce(json_agg(json_build_object('id', id, 'name', name,
                ${share(sql`orders`, sql`revenue`)}) order by revenue desc, id), '[]'::json)
         from (select * from buyers order by revenue desc, id limit 10) t) as top_customers`
}

/** The whole report (the database refuses a zone it does not know: SQLSTATE 22023). */
export async function salesReport(db: Db, p: SalesReportPeriod): Promise<SalesReport> {
  const row = await oneRow(db, reportQuery(p))
  const joined = row.joined as { now: number; before: number }
  return {
    ...p,
    totals: { ...(row.totals as object), new_customers: joined.now },
    previous: { ...previousPeriod(p), ...(row.before as object), new_customers: joined.before },
    series: row.series,
    by_status: row.by_status,
    by_city: row.by_city,
    other_cities: row.other_cities,
    top_customers: row.top_customers,
  } as SalesReport
}

/** The series alone (the CSV export). */
export async function salesSeries(db: Db, p: SalesReportPeriod): Promise<SalesSeries> {
  const query = sql`with groups as (${groupsOf(p)}) select (${seriesOf(p)}) as series`
  return (await oneRow(db, query)).series as SalesSeries
}
