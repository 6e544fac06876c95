import { and, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias, type SelectedFields } from 'drizzle-orm/pg-core'
import type { Task, TaskListQuery, TaskOrderField } from '#shared/tasks'
import { builtOnce, prepared } from '../db/built-statements'
import type { Db } from '../db/client'
import { agents, customers, lowered } from '../db/schema'
import { tasks } from '../db/schema-follow-ups'
import { agentRef, idOrNothing } from './follow-up-parts'
import { isoDate } from './iso-date'
import { assigneeIs, endOfToday, openTask, shownTask } from './task-conditions'
import { keptTaskTotal } from './task-counts'
import {
  cappedCount,
  exactCount,
  finishPage,
  keyText,
  likePattern,
  pageOf,
  rowsToRead,
  type ListRows,
  type Sortable,
} from './list-page'

const assignee = alias(agents, 'assignee')
const creator = alias(agents, 'creator')

export const taskColumns = {
  id: tasks.id,
  title: tasks.title,
  details: tasks.details,
  due_at: isoDate(tasks.dueAt),
  remind_at: isoDate(tasks.remindAt),
  assignee: agentRef(assignee),
  customer: tasks.customerId,
  customer_name: customers.name,
  order: tasks.orderId,
  done: sql<boolean>`(${tasks.doneAt} is not null)`,
  done_at: isoDate(tasks.doneAt),
  created_by: agentRef(creator),
  created_at: isoDate(tasks.createdAt),
  updated_at: isoDate(tasks.updatedAt),
  version: tasks.version,
}

/** Tasks with their customer's name, assignee and creator. */
export function selectTasks<T extends SelectedFields>(db: Db, extra: T) {
  return db
    .select({ ...taskColumns, ...extra })
    .from(tasks)
    .leftJoin(customers, eq(customers.id, tasks.customerId))
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .leftJoin(creator, eq(creator.id, tasks.createdById))
}

/** The open tasks of one `due` bucket (API contract "Tasks"), days in `zone`. */
function dueBucket(due: TaskListQuery['due'], zone: string): SQL | undefined {
  const end = endOfToday(zone)
  switch (due) {
    case undefined:
      return undefined
    case 'open':
      return openTask
    case 'overdue':
      return and(openTask, sql`${tasks.dueAt} < now()`)
    case 'today':
      return and(openTask, sql`${tasks.dueAt} >= now()`, sql`${tasks.dueAt} < ${end}`)
    case 'upcoming':
      return and(openTask, sql`${tasks.dueAt} >= ${end}`)
    case 'none':
      return and(openTask, isNull(tasks.dueAt))
  }
}

const sortable: Sortable<TaskOrderField> = {
  keys: {
    due_at: { expr: tasks.dueAt, type: 'timestamptz', nullable: true },
    created_at: { expr: tasks.createdAt, type: 'timestamptz' },
    title: { expr: lowered(tasks.title), type: 'text' },
    done_at: { expr: tasks.doneAt, type: 'timestamptz', nullable: true },
  },
  id: tasks.id,
  defaultOrdering: 'due_at',
}

function filters(query: TaskListQuery, viewerId: number): SQL | undefined {
  return and(
    shownTask,
    assigneeIs(query.assignee, viewerId),
    query.customer === undefined ? undefined : idOrNothing(tasks.customerId, query.customer),
    query.order === undefined ? undefined : idOrNothing(tasks.orderId, query.order),
    query.done === undefined ? undefined : query.done ? isNotNull(tasks.doneAt) : openTask,
    dueBucket(query.due, query.tz ?? 'UTC'),
    query.search
      ? or(
          ilike(tasks.title, likePattern(query.search)),
          ilike(tasks.details, likePattern(query.search)),
        )
      : undefined,
  )
}

/** One page of tasks and the list's total, in one statement (listTasks reads it). */
export function taskListQuery(db: Db, query: TaskListQuery, viewerId: number) {
  const page = pageOf(sortable, query)
  const where = filters(query, viewerId)
  const matches = sql`select 1 from ${tasks} where ${where}`
  const total =
    keptTaskTotal(query, viewerId) ?? (query.search ? cappedCount(matches) : exactCount(matches))
  const rows = selectTasks(db, {
    sort_key: keyText(page),
    total: sql<number>`${total.count}`,
  })
    .where(and(where, page.after))
    .orderBy(...page.orderBy)
    .limit(rowsToRead(page))
    .offset(page.offset)
  return { page, total, rows }
}

export async function listTasks(
  db: Db,
  query: TaskListQuery,
  viewerId: number,
): Promise<{ Tasks: Task[] } & Omit<ListRows<Task>, 'rows'>> {
  const key = JSON.stringify(['tasks', viewerId, query])
  const {
    page,
    total,
    rows: read,
  } = builtOnce(db, key, () => {
    const built = taskListQuery(db, query, viewerId)
    return { ...built, rows: prepared(built.rows) }
  })
  const { rows, ...rest } = await finishPage(db, page, await read.execute(), total)
  return { Tasks: rows, ...rest }
}

/** A shown task (not deleted, its customer not deleted). */
export async function findTask(db: Db, id: number): Promise<Task | undefined> {
  const [row] = await selectTasks(db, {}).where(and(eq(tasks.id, id), shownTask))
  return row
}
