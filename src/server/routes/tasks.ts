import { idParamsSchema } from '#shared/list-query'
import {
  snoozeInputSchema,
  taskConflictSchema,
  taskCountsQuerySchema,
  taskCountsSchema,
  taskCreateInputSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
} from '#shared/tasks'
import { actorOf, changeActorOf, requireWriter } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { found, HttpError, notFound } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import { createTask, deleteTask, snoozeTask, updateTask } from '../repositories/task-writes'
import { taskCounts } from '../repositories/task-counts'
import { findTask, listTasks } from '../repositories/tasks'
import { taskValues } from './task-values'

const doc = (summary: string) => describe('Tasks', summary)

const STALE_TASK =
  'Someone else changed this task since you opened it. Reload it to see their changes.'

export function taskRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }
  const write = { onRequest: [ctx.authenticate, requireWriter] }
  const oneTask = { preHandler: rowIdOr404('task') }

  app.get(
    '/api/tasks',
    {
      ...read,
      schema: {
        ...doc('List tasks: open ones by due bucket in a time zone, or done ones'),
        querystring: taskListQuerySchema,
        response: answers({ 200: taskListSchema }),
      },
    },
    (request) => listTasks(db, request.query, actorOf(request).id),
  )

  app.get(
    '/api/tasks/counts',
    {
      ...read,
      schema: {
        ...doc('How many tasks each segment of the Tasks screen holds'),
        querystring: taskCountsQuerySchema,
        response: answers({ 200: taskCountsSchema }),
      },
    },
    (request) => taskCounts(db, request.query, actorOf(request).id),
  )

  app.post(
    '/api/tasks',
    {
      ...write,
      schema: {
        ...doc('Create a task (assigned to you unless you name someone)'),
        body: taskCreateInputSchema,
        response: answers({ 201: taskSchema }),
      },
    },
    async (request, reply) => {
      const body = { ...request.body, done: false }
      const values = await taskValues(db, body, actorOf(request))
      return reply.code(201).send(await createTask(db, values, changeActorOf(request)))
    },
  )

  app.get(
    '/api/tasks/:id',
    {
      ...read,
      ...oneTask,
      schema: {
        ...doc('Read a task'),
        params: idParamsSchema,
        response: answers({ 200: taskSchema }),
      },
    },
    async (request) => found(await findTask(db, request.params.id), 'task'),
  )

  app.put(
    '/api/tasks/:id',
    {
      ...write,
      ...oneTask,
      schema: {
        ...doc('Replace a task, or mark it done (with `version`: 409 if it changed since)'),
        params: idParamsSchema,
        body: taskInputSchema,
        response: answers({ 200: taskSchema, 409: taskConflictSchema }),
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { version, ...body } = request.body
      const before = found(await findTask(db, id), 'task')
      const values = await taskValues(db, body, actorOf(request), before)
      const updated = found(
        await updateTask(db, id, values, changeActorOf(request), version),
        'task',
      )
      if (!updated.conflict) return updated.record
      return reply.code(409).send({ error: STALE_TASK, current: updated.record })
    },
  )

  app.delete(
    '/api/tasks/:id',
    {
      ...write,
      ...oneTask,
      schema: {
        ...doc('Delete a task'),
        params: idParamsSchema,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      if (!(await deleteTask(db, request.params.id, changeActorOf(request)))) throw notFound('task')
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/tasks/:id/snooze',
    {
      ...write,
      ...oneTask,
      schema: {
        ...doc("Move an open task's reminder some minutes from now"),
        params: idParamsSchema,
        body: snoozeInputSchema,
        response: answers({ 200: taskSchema }),
      },
    },
    async (request) => {
      const { id } = request.params
      const task = found(
        await snoozeTask(db, id, request.body.minutes, changeActorOf(request)),
        'task',
      )
      if (task !== 'done') return task
      throw new HttpError(400, 'This task is done: there is nothing to remind of.', {
        done: 'Open the task again to snooze its reminder.',
      })
    },
  )
}
