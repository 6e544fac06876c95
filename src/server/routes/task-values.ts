import type { Task, TaskData } from '#shared/tasks'
import type { Actor } from '../auth/authenticate'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import type { TaskValues } from '../repositories/task-writes'
import { assignableAgent, customerOfOrder, databaseNow, liveCustomer } from './follow-up-refs'

/** `remind_at` may be at most this far in the past when it is set (API contract "Tasks"). */
const REMIND_GRACE_MS = 60_000
export const PAST_REMINDER = 'Choose a reminder time from now on.'

/** The task's customer: the order's when the order is new, else as sent (or kept). */
async function customerOf(db: Db, body: TaskData, before: Task | undefined) {
  if (body.order !== null && body.order !== before?.order) {
    return customerOfOrder(db, body.order, body.customer)
  }
  const customer =
    body.customer === undefined && body.order !== null ? before?.customer : body.customer
  if (customer === undefined || customer === null) return null
  return customer === before?.customer ? customer : liveCustomer(db, customer)
}

/**
 * A create's or a PUT's body checked against the database and given its defaults: the
 * assignee left out is the sender; a reference is checked when it is new (an unchanged
 * one stays, even if its agent was deactivated since); so is the one-minute rule on
 * `remind_at`.
 */
export async function taskValues(
  db: Db,
  body: TaskData,
  actor: Actor,
  before?: Task,
): Promise<TaskValues> {
  const assigneeId = body.assignee === undefined ? actor.id : body.assignee
  const keptAssignee = before !== undefined && assigneeId === (before.assignee?.id ?? null)
  if (assigneeId !== null && !keptAssignee) await assignableAgent(db, assigneeId)
  const customerId = await customerOf(db, body, before)
  if (body.remind_at !== null && body.remind_at !== before?.remind_at) {
    if (Date.parse(body.remind_at) < (await databaseNow(db)) - REMIND_GRACE_MS) {
      throw new HttpError(400, 'The reminder time has passed.', { remind_at: PAST_REMINDER })
    }
  }
  return {
    title: body.title,
    details: body.details,
    dueAt: body.due_at,
    remindAt: body.remind_at,
    assigneeId,
    customerId,
    orderId: body.order,
    done: body.done,
  }
}
