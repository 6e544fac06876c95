import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Task } from '#shared/tasks'
import type { Db } from '../db/client'
import { reminders, tasks } from '../db/schema-follow-ups'
import { recordChange, whole, diff, type ChangeActor, type Updated } from './history'
import { shownTask } from './task-conditions'
import { selectTasks } from './tasks'

/** A task as the route resolved it: every reference checked, defaults applied. */
export interface TaskValues {
  title: string
  details: string
  dueAt: string | null
  remindAt: string | null
  assigneeId: number | null
  customerId: number | null
  orderId: number | null
  done: boolean
}

/** The fields a history entry tells about. */
const recorded = (t: Task) => ({
  title: t.title,
  details: t.details,
  due_at: t.due_at,
  remind_at: t.remind_at,
  assignee: t.assignee?.id ?? null,
  customer: t.customer,
  order: t.order,
  done: t.done,
})

const named = (t: Pick<Task, 'title'>) => `Task "${t.title}"`

/** A task by id, shown or not (a write's read-back, inside its transaction). */
async function readTask(tx: Db, id: number): Promise<Task> {
  const [task] = await selectTasks(tx, {}).where(eq(tasks.id, id))
  if (!task) throw new Error(`task ${id} vanished`)
  return task
}

export function createTask(db: Db, values: TaskValues, actor: ChangeActor): Promise<Task> {
  return db.transaction(async (tx) => {
    const { title, details, dueAt, remindAt, assigneeId, customerId, orderId } = values
    const [row] = await tx
      .insert(tasks)
      .values({
        ...{ title, details, dueAt, remindAt, assigneeId, customerId, orderId },
        createdById: actor?.id ?? null,
      })
      .returning({ id: tasks.id })
    if (!row) throw new Error('insert returned no row')
    const task = await readTask(tx, row.id)
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'task',
      entityId: task.id,
      summary: `${named(task)} created`,
      changes: whole(recorded(task), 'created'),
      customer: task.customer,
      object: task,
    })
    return task
  })
}

function updateSummary(before: Task, fields: string[], done: boolean): string {
  if (fields.length === 1 && fields[0] === 'done') {
    return `${named(before)} ${done ? 'done' : 'opened again'}`
  }
  return `${named(before)} changed: ${fields.join(', ')}`
}

/**
 * Replaces a shown task's fields (a save that changes nothing writes nothing). A new
 * `remind_at` arms its reminder again; `done` keeps the time it was first done.
 */
export function updateTask(
  db: Db,
  id: number,
  values: TaskValues,
  actor: ChangeActor,
  expected?: number,
): Promise<Updated<Task> | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, id), shownTask))
      .for('update', { of: tasks })
    if (!locked) return undefined
    const before = await readTask(tx, id)
    if (expected !== undefined && expected !== before.version) {
      return { record: before, conflict: true }
    }
    const after = {
      ...recorded(before),
      title: values.title,
      details: values.details,
      due_at: values.dueAt,
      remind_at: values.remindAt,
      assignee: values.assigneeId,
      customer: values.customerId,
      order: values.orderId,
      done: values.done,
    }
    const changes = diff(recorded(before), after)
    const fields = Object.keys(changes)
    if (fields.length === 0) return { record: before, conflict: false }
    const { done, remindAt, ...rest } = values
    const rearmed = 'remind_at' in changes
    await tx
      .update(tasks)
      .set({
        ...rest,
        ...(rearmed ? { remindAt, remindedAt: null } : {}),
        doneAt: done ? (before.done ? undefined : sql`now()`) : null,
        updatedAt: sql`now()`,
        version: sql`${tasks.version} + 1`,
      })
      .where(eq(tasks.id, id))
    const task = await readTask(tx, id)
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'task',
      entityId: id,
      summary: updateSummary(before, fields, values.done),
      changes,
      customer: task.customer,
      object: task,
    })
    return { record: task, conflict: false }
  })
}

/** Deletes a shown task; false when there is none. */
export function deleteTask(db: Db, id: number, actor: ChangeActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(tasks.id, id), shownTask))
      .returning({ id: tasks.id })
    if (!row) return false
    const task = await readTask(tx, id)
    await recordChange(tx, actor, {
      action: 'delete',
      entity: 'task',
      entityId: id,
      summary: `${named(task)} deleted`,
      changes: whole(recorded(task), 'deleted'),
      customer: task.customer,
      object: task,
    })
    return true
  })
}

/**
 * Moves an open task's reminder to `minutes` from now (by the database's clock), arming
 * it again, and marks the reminders it already raised seen. `done` for a done task.
 */
export function snoozeTask(
  db: Db,
  id: number,
  minutes: number,
  actor: ChangeActor,
): Promise<Task | 'done' | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ done: sql<boolean>`(${tasks.doneAt} is not null)` })
      .from(tasks)
      .where(and(eq(tasks.id, id), shownTask))
      .for('update', { of: tasks })
    if (!locked) return undefined
    if (locked.done) return 'done'
    const before = await readTask(tx, id)
    await tx
      .update(tasks)
      .set({
        remindAt: sql`now() + ${minutes} * interval '1 minute'`,
        remindedAt: null,
        updatedAt: sql`now()`,
        version: sql`${tasks.version} + 1`,
      })
      .where(eq(tasks.id, id))
    await tx
      .update(reminders)
      .set({ seenAt: sql`now()` })
      .where(and(eq(reminders.taskId, id), isNull(reminders.seenAt)))
    const task = await readTask(tx, id)
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'task',
      entityId: id,
      summary: `${named(task)} snoozed for ${minutes} minute${minutes === 1 ? '' : 's'}`,
      changes: { remind_at: [before.remind_at, task.remind_at] },
      customer: task.customer,
      object: task,
    })
    return task
  })
}
