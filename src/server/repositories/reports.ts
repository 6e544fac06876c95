import { sql, type SQL } from 'drizzle-orm'
import { addDays, spanDays } from '../../shared/calendar'
import type { SalesReport, SalesReportPeriod, SalesSeries } from '../../shared/reports'
import type { Db } from '../db/client'
import { customers, orders } from '../db/schema'

/**
 * Sales reports (API contract "Sales reports"), worked out by the database in one
 * statement each: the period's live orders are read once through orders_date_idx (a
 * range of date_created, the local days' bounds turned into instants in `tz`), and every
 * figure is an aggregate over them. Amounts stay numeric until the end, where they are
 * rounded half up to the cent and written with two places.
 */

const money = (value: SQL) => sql`round(coalesce(${value}, 0), 2)::text`
const average = (revenue: SQL, count: SQL) =>
  money(sql`case when ${count} = 0 then 0 else ${revenue} / ${count} end`)
/** The instant a local date (a date expression) begins in the zone. */
const startOf = (date: SQL, tz: string) => sql`((${date})::timestamp at time zone ${tz})`

interface Bounds {
  /** Start of the previous period, of this one, and the end of this one (exclusive). */
  before: SQL
  start: SQL
  end: SQL
}

function boundsOf(p: SalesReportPeriod, previousFrom: string): Bounds {
  return {
    before: startOf(sql`${previousFrom}::date`, p.tz),
    start: startOf(sql`${p.from}::date`, p.tz),
    end: startOf(sql`${p.to}::date + 1`, p.tz),
  }
}

/**
 * The period's live orders with the start of the interval each falls in: its local day
 * cut to the week (Monday) or month, and never before `from` (the first interval starts
 * there). Also the list of every interval's start, empty ones included.
 */
function periodParts(p: SalesReportPeriod, b: Bounds) {
  const unit = sql`${p.interval}::text`
  const rows = sql`
    select o.customer_id, o.status, o.total_amount,
           greatest(date_trunc(${unit}, o.date_created at time zone ${p.tz})::date,
                    ${p.from}::date) as start
    from ${orders} o
    where o.deleted_at is null and o.date_created >= ${b.start} and o.date_created < ${b.end}`
  const starts = sql`
    select greatest(g::date, ${p.from}::date) as start
    from generate_series(date_trunc(${unit}, ${p.from}::date::timestamp),
                         ${p.to}::date::timestamp, ('1 ' || ${unit})::interval) g`
  const series = sql`
    select coalesce(json_agg(json_build_object(
             'start', to_char(s.start, 'YYYY-MM-DD'),
             'revenue', ${money(sql`a.revenue`)}, 'orders', coalesce(a.orders, 0)
           ) order by s.start), '[]'::json)
    from (${starts}) s
    left join (select start, count(*)::int as orders, sum(total_amount) as revenue
               from period group by start) a on a.start = s.start`
  return { rows, series }
}

/** The previous period: same length, ending the day before `from`. */
export const previousPeriod = (p: SalesReportPeriod) => ({
  from: addDays(p.from, -spanDays(p.from, p.to)),
  to: addDays(p.from, -1),
})

type Row = Record<string, unknown>

/** The one row a statement answers (both drivers answer `{ rows }`). */
async function oneRow(db: Db, query: SQL): Promise<Row> {
  const result = await db.execute(query)
  const { rows } = result as { rows: Row[] }
  if (!rows[0]) throw new Error('the report answered no row')
  return rows[0]
}

/** The whole report (the database refuses a zone it does not know: SQLSTATE 22023). */
export async function salesReport(db: Db, p: SalesReportPeriod): Promise<SalesReport> {
  const previous = previousPeriod(p)
  const b = boundsOf(p, previous.from)
  const { rows, series } = periodParts(p, b)
  const statuses = sql`(values ('Pending', 1), ('Out for delivery', 2), ('Delivered', 3))`
  const query = sql`
    with period as materialized (${rows}),
    buyers as (
      select c.id, c.name, c.city, a.orders, a.revenue
      from (select customer_id, count(*)::int as orders, sum(total_amount) as revenue
            from period where customer_id is not null group by customer_id) a
      join ${customers} c on c.id = a.customer_id and c.deleted_at is null),
    cities as (
      select city, sum(orders)::int as orders, sum(revenue) as revenue,
             row_number() over (order by sum(revenue) desc, city) as rank
      from buyers where city <> '' group by city)
    select
      (select json_build_object('orders', count(*)::int, 'revenue', ${money(sql`sum(total_amount)`)},
                'average_order', ${average(sql`sum(total_amount)`, sql`count(*)`)}) from period) as totals,
      (select json_build_object('orders', count(*)::int, 'revenue', ${money(sql`sum(total_amount)`)},
                'average_order', ${average(sql`sum(total_amount)`, sql`count(*)`)})
         from ${orders} where deleted_at is null
          and date_created >= ${b.before} and date_created < ${b.start}) as before,
      (select json_build_object(
                'now', count(*) filter (where date_created >= ${b.start})::int,
                'before', count(*) filter (where date_created < ${b.start})::int)
         from ${customers} where deleted_at is null
          and date_created >= ${b.before} and date_created < ${b.end}) as joined,
      (${series}) as series,
      (select json_agg(json_build_object('status', s.status, 'orders', coalesce(a.orders, 0),
                'revenue', ${money(sql`a.revenue`)}) order by s.rank)
         from ${statuses} s(status, rank)
         left join (select status, count(*)::int as orders, sum(total_amount) as revenue
                    from period group by status) a on a.status = s.status) as by_status,
      (select coalesce(json_agg(json_build_object('city', city, 'orders', orders,
                'revenue', ${money(sql`revenue`)}) order by rank), '[]'::json)
         from cities where rank <= 10) as by_city,
      (select json_build_object('orders', coalesce(sum(orders), 0)::int,
                'revenue', ${money(sql`sum(revenue)`)})
         from (select orders, revenue from cities where rank > 10
               union all select orders, revenue from buyers where city = '') o) as other_cities,
      (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'orders', orders,
                'revenue', ${money(sql`revenue`)}) order by revenue desc, id), '[]'::json)
         from (select * from buyers order by revenue desc, id limit 10) t) as top_customers`
  const row = await oneRow(db, query)
  const joined = row.joined as { now: number; before: number }
  return {
    ...p,
    totals: { ...(row.totals as object), new_customers: joined.now },
    previous: { ...previous, ...(row.before as object), new_customers: joined.before },
    series: row.series,
    by_status: row.by_status,
    by_city: row.by_city,
    other_cities: row.other_cities,
    top_customers: row.top_customers,
  } as SalesReport
}

/** The series alone (the CSV export). */
export async function salesSeries(db: Db, p: SalesReportPeriod): Promise<SalesSeries> {
  const { rows, series } = periodParts(p, boundsOf(p, p.from))
  const row = await oneRow(db, sql`with period as (${rows}) select (${series}) as series`)
  return row.series as SalesSeries
}
