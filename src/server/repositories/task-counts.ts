import { and, sql, type SQL } from 'drizzle-orm'
import { MAX_ROW_ID } from '#shared/constants'
import type { TaskCounts, TaskCountsQuery, TaskListQuery } from '#shared/tasks'
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
 * UTC hour of the due time. Today's bounds (now, and the next midnight in `tz`) cut at
 * most two hours: their tasks are read one by one (an hour's worth, from the open-tasks
 * indexes); every other hour lies wholly in one segment and is read as its kept count.
 */
export function taskCountsQuery(query: TaskCountsQuery, viewerId: number): SQL {
  const who = keptUnder(query.assignee, viewerId)
  const edgeTasks = sql`select ${tasks.dueAt} as due from ${tasks}
    where ${and(openTask, shownTask, assigneeIs(query.assignee, viewerId))}
      and ${tasks.dueAt} >= e.h and ${tasks.dueAt} < e.h + interval '1 hour'`
  return sql`
    with f as materialized (select now() as n, ${endOfToday(query.tz ?? 'UTC')} as e),
    edges as (select distinct date_trunc('hour', x, 'UTC') as h from f, unnest(array[f.n, f.e]) x),
    kept as (
      select coalesce(sum(k.open) filter (where k.hour + interval '1 hour' <= f.n), 0) as overdue,
             coalesce(sum(k.open) filter (where k.hour >= f.n and k.hour + interval '1 hour' <= f.e), 0) as today,
             coalesce(sum(k.open) filter (where k.hour >= f.e), 0) as upcoming
      from task_due_hours k, f
      where k.who = ${who} and k.hour not in (select h from edges)),
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
  const result = await db.execute<Record<keyof TaskCounts, number>>(
    taskCountsQuery(query, viewerId),
  )
  const row = (result as { rows: Record<keyof TaskCounts, number>[] }).rows[0]
  return {
    open: Number(row?.open ?? 0),
    overdue: Number(row?.overdue ?? 0),
    today: Number(row?.today ?? 0),
    upcoming: Number(row?.upcoming ?? 0),
    none: Number(row?.none ?? 0),
    done: Number(row?.done ?? 0),
  }
}

/**
 * A tasks list's total from the kept counts when it is one of the Tasks screen's segments
 * (an assignee or everyone's, a `due` bucket or done or not, nothing else); undefined for
 * any other filter, which is counted from its rows.
 */
export function keptTaskTotal(query: TaskListQuery, viewerId: number) {
  if (query.search || query.customer !== undefined || query.order !== undefined) return undefined
  const segment =
    query.due === 'open' || (query.due === undefined && query.done === false)
      ? sql`open`
      : query.due !== undefined
        ? sql.identifier(query.due)
        : query.done
          ? sql`done`
          : sql`open + done`
  const counts = taskCountsQuery({ assignee: query.assignee ?? 'all', tz: query.tz }, viewerId)
  return { count: sql<number>`(select ${segment} from (${counts}) kept)`, capped: false }
}
