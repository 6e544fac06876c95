import { sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client'

/** Each raised reminder is announced here as `{"id":12,"agent":3}` (delivered at commit). */
export const REMINDERS_CHANNEL = 'crm_reminders'

/** At most this many reminders are claimed by one statement; a tick repeats until done. */
const BATCH = 500
const TICK_MS = 1_000
const TICK_LAG_MS = 20

/**
 * Raises the reminders that are due, in ONE statement: it locks the due tasks no other
 * server holds (SKIP LOCKED), marks them reminded, inserts their reminders and NOTIFYs
 * each, so a reminder is raised exactly once whichever server gets there first, and a
 * crash before the commit leaves them due for the next try. Due is by the database's
 * clock: `remind_at` passed, not raised for this `remind_at` yet, the task open, not
 * deleted, assigned, and its customer (if any) not deleted. Answers how many it raised.
 */
export async function raiseDueReminders(db: Db, limit = BATCH): Promise<number> {
  const result = await db.execute(sql`
    with due as (
      select t.id from tasks t
      where t.remind_at is not null and t.remind_at <= now() and t.reminded_at is null
        and t.done_at is null and t.deleted_at is null and t.assignee_id is not null
        and not exists (select 1 from customers hidden
          where hidden.id = t.customer_id and hidden.deleted_at is not null)
      order by t.remind_at, t.id
      limit ${limit}
      for update of t skip locked
    ), claimed as (
      update tasks set reminded_at = now() from due where tasks.id = due.id
      returning tasks.id, tasks.assignee_id
    ), raised as (
      insert into reminders (task_id, agent_id) select id, assignee_id from claimed
      returning id, agent_id
    )
    select pg_notify(${REMINDERS_CHANNEL}, json_build_object('id', id, 'agent', agent_id)::text)
    from raised`)
  return (result as { rows: unknown[] }).rows.length
}

export interface ReminderJob {
  /** Raises everything due now (as each tick does); answers how many. */
  tick(): Promise<number>
  /** No tick starts after this; resolves once the one running (if any) has finished. */
  stop(): Promise<void>
}

export interface ReminderJobOptions {
  intervalMs?: number
  /** Told of a tick that failed (the database away): the next tick tries again. */
  onError?: (error: unknown) => void
  /** Told how many each tick raised (metrics, tests). */
  onRaised?: (count: number) => void
}

/**
 * Raises due reminders at start (times that passed while every server was down) and then
 * every second, until stopped. Any number of servers may run it on one database.
 */
export function startReminderJob(
  database: Database,
  options: ReminderJobOptions = {},
): ReminderJob {
  const { intervalMs = TICK_MS, onError, onRaised } = options
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const tick = async () => {
    let total = 0
    for (;;) {
      const raised = await raiseDueReminders(database.db)
      total += raised
      if (raised < BATCH || stopped) return total
    }
  }
  const loop = () => {
    running = tick()
      .then((count) => onRaised?.(count), onError)
      .finally(() => {
        // Reminder times are mostly whole minutes: tick just after each whole interval.
        if (!stopped) timer = setTimeout(loop, intervalMs - (Date.now() % intervalMs) + TICK_LAG_MS)
      })
  }
  loop()
  return {
    tick,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
