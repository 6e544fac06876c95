import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { agents, customers, lowered, orders } from './schema'

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' })

/**
 * Notes: what was said on a call, in an email, at a meeting, or a plain note, on a
 * customer (and optionally one of its orders). Deleted notes stay until purged (undo);
 * a deleted customer's notes are hidden with it. A purged customer takes its notes along;
 * a purged order leaves them on the customer.
 */
export const notes = pgTable(
  'notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('note'),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => agents.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    deletedAt: moment('deleted_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('notes_kind_check', sql`${t.kind} in ('note', 'call', 'email', 'meeting')`),
    // A customer's or an order's notes, newest first; every note newest first.
    index('notes_customer_idx')
      .on(t.customerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('notes_order_idx')
      .on(t.orderId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.orderId} is not null and ${t.deletedAt} is null`),
    index('notes_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('notes_author_idx')
      .on(t.authorId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // The summary's last_contact: a customer's newest call, email or meeting.
    index('notes_contact_idx')
      .on(t.customerId, t.createdAt.desc())
      .where(sql`${t.kind} <> 'note' and ${t.deletedAt} is null`),
    index('notes_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
  ],
)

const open = (t: { doneAt: unknown; deletedAt: unknown }) =>
  sql`${t.doneAt} is null and ${t.deletedAt} is null`

/**
 * Tasks: follow-ups with an optional due time and reminder. `reminded_at` is set in the
 * statement that raises the reminder for the current `remind_at` (the claim every server
 * races for); changing `remind_at` clears it, which arms the reminder again.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    details: text('details').notNull().default(''),
    dueAt: moment('due_at'),
    remindAt: moment('remind_at'),
    remindedAt: moment('reminded_at'),
    assigneeId: integer('assignee_id').references(() => agents.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    doneAt: moment('done_at'),
    createdById: integer('created_by_id').references(() => agents.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    deletedAt: moment('deleted_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // Open tasks by due time (no due time last), everyone's and one assignee's; and the
    // done ones. Each ends with customer_id (after the unique id, so it never changes the
    // order): the counts and the list's count hide a deleted customer's tasks and are
    // then answered from the index alone (migration 0016), without reading the rows.
    index('tasks_open_due_idx').on(t.dueAt.asc().nullsLast(), t.id, t.customerId).where(open(t)),
    index('tasks_assignee_due_idx')
      .on(t.assigneeId, t.dueAt.asc().nullsLast(), t.id, t.customerId)
      .where(open(t)),
    index('tasks_done_idx')
      .on(t.doneAt.desc(), t.id.desc(), t.customerId)
      .where(sql`${t.doneAt} is not null and ${t.deletedAt} is null`),
    index('tasks_assignee_done_idx')
      .on(t.assigneeId, t.doneAt.desc(), t.id.desc(), t.customerId)
      .where(sql`${t.doneAt} is not null and ${t.deletedAt} is null`),
    index('tasks_customer_idx')
      .on(t.customerId, t.dueAt.asc().nullsLast(), t.id)
      .where(sql`${t.customerId} is not null and ${t.deletedAt} is null`),
    index('tasks_order_idx')
      .on(t.orderId, t.dueAt.asc().nullsLast(), t.id)
      .where(sql`${t.orderId} is not null and ${t.deletedAt} is null`),
    index('tasks_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // All tasks, open and done, by due time either way and by title (migration 0024): a
    // page of GET /api/tasks/ in those orderings reads an index, not a sort of every task.
    index('tasks_due_idx')
      .on(t.dueAt.asc().nullsLast(), t.id)
      .where(sql`${t.deletedAt} is null`),
    index('tasks_due_desc_idx')
      .on(t.dueAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('tasks_title_idx')
      .on(lowered(t.title), t.id)
      .where(sql`${t.deletedAt} is null`),
    // Reminders not raised yet: what the reminder job claims when their time comes.
    index('tasks_remind_idx')
      .on(t.remindAt)
      .where(sql`${t.remindAt} is not null and ${t.remindedAt} is null and ${open(t)}`),
  ],
)

/*
 * The Tasks screen's counts, kept by the database in the same transaction as every task
 * or customer change (statement triggers, migration 0022), so the counts and a segment's
 * total read a few kept rows instead of counting every open task. Each counts shown tasks
 * (not deleted, their customer not deleted) twice: under their assignee's id (0: nobody)
 * and under -1, everyone's. Derived data: `recount_task_counts()` works them out again.
 */

/** Open tasks with a due time per UTC hour of it: the overdue, today and upcoming counts. */
export const taskDueHours = pgTable(
  'task_due_hours',
  {
    who: integer('who').notNull(),
    hour: moment('hour').notNull(),
    open: integer('open').notNull(),
  },
  (t) => [primaryKey({ columns: [t.who, t.hour] })],
)

/**
 * The same open tasks per UTC day of the due time (migration 0025): a count over many days
 * reads a day's row instead of its 24 hours (the hours are read only at the two days where
 * the segments' bounds fall).
 */
export const taskDueDays = pgTable(
  'task_due_days',
  {
    who: integer('who').notNull(),
    day: moment('day').notNull(),
    open: integer('open').notNull(),
  },
  (t) => [primaryKey({ columns: [t.who, t.day] })],
)

/** Open tasks without a due time, and done tasks. */
export const taskTotals = pgTable('task_totals', {
  who: integer('who').primaryKey(),
  undated: integer('undated').notNull(),
  done: integer('done').notNull(),
})

/** A reminder raised for a task's assignee; seen once they opened the panel or acted on it. */
export const reminders = pgTable(
  'reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    raisedAt: moment('raised_at').notNull().defaultNow(),
    seenAt: moment('seen_at'),
  },
  (t) => [
    index('reminders_agent_idx').on(t.agentId, t.raisedAt.desc(), t.id.desc()),
    index('reminders_unseen_idx')
      .on(t.agentId)
      .where(sql`${t.seenAt} is null`),
    index('reminders_task_idx').on(t.taskId),
  ],
)
