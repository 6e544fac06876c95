import { and, sql, type SQL } from 'drizzle-orm'
import { MAX_ROW_ID } from '#shared/constants'
import type { TaskCounts, TaskCountsQuery, TaskListQuery } from '#shared/tasks'
import { builtOnce, prepared } from '../db/built-statements'
import type { Db } from '../db/client'
import { tasks } from '../db/schema-follow-ups'
import { assigneeIs, endOfToday, openTask, shownTask } from './task-conditions'

/**
 * Whose kept counts (migration 0022): an agent's id, -1 for everyone's; null for an id no
 * agent can have (nothing is counted under it).
 */
function keptUnder(assignee: TaskCountsQuery['assignee'] | undefined, viewerId: number) {
  if (assignee === undefined || assignee === 'all') return -1
  const id = assignee === 'me' ? viewerId : assignee
  return id <= MAX_ROW_ID ? id : null
}

/**
 * The Tasks screen's segments in one statement, from the counts the database keeps per
 * UTC hour and per UTC day of the due time. Today's bounds (now, and the next midnight in
 * `tz`) cut at most two hours: their tasks are read one by one (an hour's worth, from the
 * open-tasks indexes). Every other hour lies wholly in one segment: overdue are the days
 * before now's and that day's hours before now's hour; today the hours between the two
 * bounds' hours; upcoming the hours after the end's hour until its day ends, and the days
 * after. So a count reads a few dozen kept rows, however far the due times spread.
 */
export function taskCountsQuery(query: TaskCountsQuery, viewerId: number): SQL {
  const who = keptUnder(query.assignee, viewerId)
  const edgeTasks = sql`select ${tasks.dueAt} as due from ${tasks}
    where ${and(openTask, shownTask, assigneeIs(query.assignee, viewerId))}
      and ${tasks.dueAt} >= e.h and ${tasks.dueAt} < e.h + interval '1 hour'`
  const hours = (from: SQL, to: SQL) =>
    sql`(select coalesce(sum(open), 0) from task_due_hours where who = ${who} and hour ${from} and hour ${to})`
  // Days are UTC days: 24 hours whatever zone the database session is in.
  const days = (range: SQL) =>
    sql`(select coalesce(sum(open), 0) from task_due_days where who = ${who} and day ${range})`
  return sql`
    with b as materialized (select now() as n, ${endOfToday(query.tz ?? 'UTC')} as e),
    f as materialized (
      select n, e, date_trunc('hour', n, 'UTC') as hn, date_trunc('hour', e, 'UTC') as he,
             date_trunc('day', n, 'UTC') as dn, date_trunc('day', e, 'UTC') as de
      from b),
    edges as (select distinct h from f, unnest(array[f.hn, f.he]) h),
    kept as (
      select ${days(sql`< f.dn`)} + ${hours(sql`>= f.dn`, sql`< f.hn`)} as overdue,
             ${hours(sql`> f.hn`, sql`< f.he`)} as today,
             ${hours(sql`> f.he`, sql`< f.de + interval '24 hours'`)} + ${days(sql`> f.de`)} as upcoming
      from f),
    edge as (
      select count(*) filter (where r.due < f.n) as overdue,
             count(*) filter (where r.due >= f.n and r.due < f.e) as today,
             count(*) filter (where r.due >= f.e) as upcoming
      from f, edges e cross join lateral (${edgeTasks}) r),
    totals as (
      select coalesce(sum(undated), 0) as none, coalesce(sum(done), 0) as done
      from task_totals where who = ${who})
    select (kept.overdue + edge.overdue + kept.today + edge.today + kept.upcoming
            + edge.upcoming + totals.none)::int as open,
           (kept.overdue + edge.overdue)::int as overdue,
           (kept.today + edge.today)::int as today,
           (kept.upcoming + edge.upcoming)::int as upcoming,
           totals.none::int as none, totals.done::int as done
    from kept, edge, totals`
}

export async function taskCounts(
  db: Db,
  query: TaskCountsQuery,
  viewerId: number,
): Promise<TaskCounts> {
  const key = JSON.stringify(['task counts', viewerId, query])
  const statement = builtOnce(db, key, () => {
    const count = (segment: keyof TaskCounts) =>
      sql<number>`${sql.identifier(segment)}`.mapWith(Number)
    return prepared(
      db
        .select({
          open: count('open'),
          overdue: count('overdue'),
          today: count('today'),
          upcoming: count('upcoming'),
          none: count('none'),
          done: count('done'),
        })
        .from(sql`(${taskCountsQuery(query, viewerId)}) counts`),
    )
  })
  const [row] = await statement.execute()
  return row ?? { open: 0, overdue: 0, today: 0, upcoming: 0, none: 0, done: 0 }
}

/**
 * All of `who`'s open tasks, whatever the zone: every kept day of their due times and the
 * undated. The segments' sums come to the same (every hour lies in one day) and read the
 * hours that today's bounds cut one task at a time.
 */
const openTotal = (who: number | null) =>
  sql<number>`((select coalesce(sum(open), 0) from task_due_days where who = ${who})
    + (select coalesce(sum(undated), 0) from task_totals where who = ${who}))::int`

/**
 * A tasks list's total from the kept counts when it is one of the Tasks screen's segments
 * (an assignee or everyone's, a `due` bucket or done or not, nothing else); undefined for
 * any other filter, which is counted from its rows.
 */
export function keptTaskTotal(query: TaskListQuery, viewerId: number) {
  if (query.search || query.customer !== undefined || query.order !== undefined) return undefined
  const assignee = query.assignee ?? 'all'
  if (query.due === 'open' || (query.due === undefined && query.done === false)) {
    return { count: openTotal(keptUnder(assignee, viewerId)), capped: false }
  }
  const segment =
    query.due !== undefined ? sql.identifier(query.due) : query.done ? sql`done` : sql`open + done`
  const counts = taskCountsQuery({ assignee, tz: query.tz }, viewerId)
  return { count: sql<number>`(select ${segment} from (${counts}) kept)`, capped: false }
}
