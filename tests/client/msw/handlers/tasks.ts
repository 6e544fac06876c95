import { HttpResponse, type RequestHandler } from 'msw'
import {
  snoozeInputSchema,
  taskCountsQuerySchema,
  taskCreateInputSchema,
  taskInputSchema,
  taskListQuerySchema,
  type Task,
} from '../../../../src/shared/tasks'
import { parseBody } from '../auth-check'
import { mockDb } from '../data'
import { agentRef, followUps, makeTask } from './follow-up-data'
import { mayWrite, signedIn } from './signed-in'
import { notFound, parseId, parseQuery } from './write-guard'

/** A task's bucket, by this machine's clock and zone (the tests' zone is the browser's). */
function bucketOf(task: Task): 'overdue' | 'today' | 'upcoming' | 'none' {
  if (task.due_at === null) return 'none'
  const due = Date.parse(task.due_at)
  if (due < Date.now()) return 'overdue'
  const end = new Date()
  end.setHours(24, 0, 0, 0)
  return due < end.getTime() ? 'today' : 'upcoming'
}

const mine = (who: 'me' | 'all' | number | undefined, userId: number) => (t: Task) =>
  who === undefined || who === 'all' || t.assignee?.id === (who === 'me' ? userId : who)

const byDue = (a: Task, b: Task) =>
  (a.due_at === null ? 1 : 0) - (b.due_at === null ? 1 : 0) ||
  (a.due_at ?? '').localeCompare(b.due_at ?? '') ||
  a.id - b.id

/** Happy paths of the API contract "Tasks" over the in-memory store. */
export const taskHandlers: RequestHandler[] = [
  signedIn.get('*/api/tasks/counts/', ({ request, userId }) => {
    const query = parseQuery(request, taskCountsQuerySchema)
    if (query instanceof Response) return query
    const tasks = followUps().tasks.filter(mine(query.assignee, userId))
    const open = tasks.filter((t) => !t.done)
    const count = (bucket: string) => open.filter((t) => bucketOf(t) === bucket).length
    return HttpResponse.json({
      open: open.length,
      overdue: count('overdue'),
      today: count('today'),
      upcoming: count('upcoming'),
      none: count('none'),
      done: tasks.length - open.length,
    })
  }),
  signedIn.get('*/api/tasks/', ({ request, userId }) => {
    const query = parseQuery(request, taskListQuerySchema)
    if (query instanceof Response) return query
    const Tasks = followUps()
      .tasks.filter(mine(query.assignee, userId))
      .filter((t) => query.customer === undefined || t.customer === query.customer)
      .filter((t) => query.order === undefined || t.order === query.order)
      .filter((t) => query.done === undefined || t.done === query.done)
      .filter((t) =>
        query.due === undefined
          ? true
          : !t.done && (query.due === 'open' || bucketOf(t) === query.due),
      )
      .sort(byDue)
    const offset = query.offset ?? 0
    const end = offset + (query.limit ?? Tasks.length)
    return HttpResponse.json({
      Tasks: Tasks.slice(offset, end),
      count: Tasks.length,
      count_exact: true,
      next: end < Tasks.length ? `offset-${end}` : null,
    })
  }),
  mayWrite.post('*/api/tasks/', async ({ request, userId }) => {
    const body = await parseBody(request, taskCreateInputSchema)
    if (body instanceof Response) return body
    const order = mockDb.orders.find((o) => o.id === body.order)
    const assignee = body.assignee === undefined ? userId : body.assignee
    const task = makeTask({
      ...body,
      assignee: assignee === null ? null : agentRef(assignee),
      customer: body.customer ?? order?.customer ?? null,
      created_by: agentRef(userId),
    })
    followUps().tasks.push(task)
    return HttpResponse.json(task, { status: 201 })
  }),
  signedIn.get('*/api/tasks/:id/', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const task = followUps().tasks.find((t) => t.id === id)
    return task ? HttpResponse.json(task) : notFound('Task')
  }),
  mayWrite.put('*/api/tasks/:id/', async ({ request, params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const body = await parseBody(request, taskInputSchema)
    if (body instanceof Response) return body
    const task = followUps().tasks.find((t) => t.id === id)
    if (!task) return notFound('Task')
    const { assignee, ...fields } = body
    Object.assign(task, {
      ...fields,
      version: task.version + 1,
      customer: fields.customer ?? null,
      assignee: assignee === undefined || assignee === null ? null : agentRef(assignee),
      done_at: body.done ? (task.done_at ?? new Date().toISOString()) : null,
    })
    return HttpResponse.json(task)
  }),
  signedIn.delete('*/api/tasks/:id/', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const store = followUps()
    store.tasks = store.tasks.filter((t) => t.id !== id)
    return new HttpResponse(null, { status: 204 })
  }),
  signedIn.post('*/api/tasks/:id/snooze/', async ({ request, params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const body = await parseBody(request, snoozeInputSchema)
    if (body instanceof Response) return body
    const task = followUps().tasks.find((t) => t.id === id)
    if (!task) return notFound('Task')
    task.remind_at = new Date(Date.now() + body.minutes * 60_000).toISOString()
    task.version += 1
    return HttpResponse.json(task)
  }),
]
