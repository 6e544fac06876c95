import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { Reminder, ReminderListQuery } from '#shared/reminders'
import { taskSchema, type Task } from '#shared/tasks'
import type { Db } from '../db/client'
import { reminders, tasks } from '../db/schema-follow-ups'
import { isoDate } from './iso-date'
import {
  exactCount,
  finishPage,
  keyText,
  pageOf,
  rowsToRead,
  type ListRows,
  type Sortable,
} from './list-page'
import { shownTask } from './task-conditions'
import { selectTasks } from './tasks'

const reminderFields = {
  id: reminders.id,
  raised_at: isoDate(reminders.raisedAt),
  seen_at: isoDate(reminders.seenAt),
}

/** Reminders with their tasks as they are now (the caller leaves hidden tasks out). */
function selectReminders<T extends SelectedFields>(db: Db, extra: T) {
  return selectTasks(db, { reminder: reminderFields, ...extra })
    .innerJoin(reminders, eq(reminders.taskId, tasks.id))
    .$dynamic()
}

const TASK_FIELDS = taskSchema.keyof().options

function toReminder(row: Task & { reminder: Omit<Reminder, 'task'> }): Reminder {
  const task = Object.fromEntries(TASK_FIELDS.map((key) => [key, row[key]])) as Task
  return { ...row.reminder, task }
}

const sortable: Sortable<'raised_at'> = {
  keys: { raised_at: { expr: reminders.raisedAt, type: 'timestamptz' } },
  id: reminders.id,
  defaultOrdering: '-raised_at',
}

/** The agent's reminders of shown tasks (`unseen`: only those not seen yet), as a subquery. */
const remindersOf = (db: Db, agentId: number, unseen = false) =>
  db
    .select({ one: sql`1` })
    .from(reminders)
    .innerJoin(tasks, eq(tasks.id, reminders.taskId))
    .where(
      and(eq(reminders.agentId, agentId), shownTask, unseen ? isNull(reminders.seenAt) : undefined),
    )

const unseenOf = (db: Db, agentId: number) =>
  sql<number>`(select count(*)::int from (${remindersOf(db, agentId, true)}) unseen)`

/** The agent's own reminders, newest first, with how many are unseen. */
export async function listReminders(
  db: Db,
  query: ReminderListQuery,
  agentId: number,
): Promise<{ Reminders: Reminder[]; unseen: number } & Omit<ListRows<Reminder>, 'rows'>> {
  const page = pageOf(sortable, query)
  const where = and(eq(reminders.agentId, agentId), shownTask)
  const total = exactCount(sql`${remindersOf(db, agentId)}`)
  const read = await selectReminders(db, {
    sort_key: keyText(page),
    total: sql<number>`${total.count}`,
    unseen: unseenOf(db, agentId),
  })
    .where(and(where, page.after))
    .orderBy(...page.orderBy)
    .limit(rowsToRead(page))
    .offset(page.offset)
  const unseen = read[0]?.unseen ?? (await countUnseen(db, agentId))
  const { rows, ...rest } = await finishPage(
    db,
    page,
    read.map((row) => ({ ...toReminder(row), sort_key: row.sort_key, total: row.total })),
    total,
  )
  return { Reminders: rows, unseen: Number(unseen), ...rest }
}

async function countUnseen(db: Db, agentId: number): Promise<number> {
  const [row] = await db.select({ n: unseenOf(db, agentId) }).from(sql`(select 1) as one`)
  return Number(row?.n ?? 0)
}

/** Reminders by id (those raised just now), with their tasks, for the live streams. */
export async function remindersById(db: Db, ids: number[]): Promise<Reminder[]> {
  if (ids.length === 0) return []
  const read = await selectReminders(db, {}).where(and(inArray(reminders.id, ids), shownTask))
  return read.map(toReminder)
}

/** Marks one of the agent's reminders seen (once); undefined when it is not theirs or hidden. */
export async function markSeen(db: Db, id: number, agentId: number): Promise<Reminder | undefined> {
  const mine = and(eq(reminders.id, id), eq(reminders.agentId, agentId), shownTask)
  const [shown] = await selectReminders(db, {}).where(mine)
  if (!shown) return undefined
  if (shown.reminder.seen_at !== null) return toReminder(shown)
  await db
    .update(reminders)
    .set({ seenAt: sql`now()` })
    .where(and(eq(reminders.id, id), isNull(reminders.seenAt)))
  const [row] = await selectReminders(db, {}).where(mine)
  return row && toReminder(row)
}

/** Marks every reminder of the agent seen. */
export async function markAllSeen(db: Db, agentId: number): Promise<void> {
  await db
    .update(reminders)
    .set({ seenAt: sql`now()` })
    .where(and(eq(reminders.agentId, agentId), isNull(reminders.seenAt)))
}
