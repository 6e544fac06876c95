import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { Reminder, ReminderList } from '../../src/shared/reminders'
import type { Task } from '../../src/shared/tasks'
import {
  raiseDueReminders,
  startReminderJob,
  type ReminderJob,
} from '../../src/server/jobs/reminders'
import { openEventStream } from './helpers/event-stream'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()
const jobs: ReminderJob[] = []
const listening: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.stop()))
  await Promise.all(listening.splice(0).map((app) => app.close()))
})

const isChangeOf = (data: unknown, id: number) =>
  (data as { entity?: unknown; id?: unknown }).entity === 'customer' &&
  (data as { id?: unknown }).id === id
const raise = () => raiseDueReminders(s.database.db)

async function newTask(token: string, body: Record<string, unknown>): Promise<Task> {
  const res = await call(s.app, 'POST', '/api/tasks/', { token, body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Task>()
}

/** Moves every reminder time into the past, as if it had come. */
const comeDue = () =>
  s.database.db.execute(
    sql`update tasks set remind_at = now() - interval '1 second' where remind_at is not null`,
  )

async function remindersOf(token: string, query = ''): Promise<ReminderList> {
  const res = await call(s.app, 'GET', `/api/reminders/?${query}`, { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<ReminderList>()
}

describe('reminders', () => {
  it('raises one reminder for the assignee when the time comes, and lists it with the task', async () => {
    const creator = await createAgentAndLogin(s.app, s.database)
    const assignee = await createAgentAndLogin(s.app, s.database)
    const remind_at = new Date(Date.now() + 60_000).toISOString()
    const task = await newTask(creator.access, {
      title: 'Call Ada',
      remind_at,
      assignee: assignee.id,
    })
    expect(await raise()).toBe(0)
    await comeDue()
    expect(await raise()).toBe(1)
    expect(await raise()).toBe(0)
    const list = await remindersOf(assignee.access)
    expect(list).toMatchObject({ unseen: 1, count: 1, count_exact: true, next: null })
    const [reminder] = list.Reminders
    expect(reminder?.task).toMatchObject({ id: task.id, title: 'Call Ada' })
    expect(reminder?.seen_at).toBeNull()
    expect((await remindersOf(creator.access)).count).toBe(0)

    const seenUrl = `/api/reminders/${reminder?.id}/seen/`
    expect((await call(s.app, 'POST', seenUrl, { token: creator.access })).statusCode).toBe(404)
    const seen = await call(s.app, 'POST', seenUrl, { token: assignee.access })
    expect(seen.json<Reminder>().seen_at).not.toBeNull()
    expect((await remindersOf(assignee.access)).unseen).toBe(0)
  })

  it('never raises for a done, deleted or unassigned task; arms again when remind_at changes', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const soon = new Date(Date.now() + 60_000).toISOString()
    const done = await newTask(agent.access, { title: 'Done', remind_at: soon })
    const gone = await newTask(agent.access, { title: 'Gone', remind_at: soon })
    await newTask(agent.access, { title: 'Nobody', remind_at: soon, assignee: null })
    const again = await newTask(agent.access, { title: 'Again', remind_at: soon })
    const put = (task: Task, body: Record<string, unknown>) =>
      call(s.app, 'PUT', `/api/tasks/${task.id}`, {
        token: agent.access,
        body: { title: task.title, ...body },
      })
    await put(done, { remind_at: soon, done: true })
    await call(s.app, 'DELETE', `/api/tasks/${gone.id}`, { token: agent.access })
    await comeDue()
    expect(await raise()).toBe(1)
    // A new time arms it again: a second reminder once that time comes too.
    const current = (await remindersOf(agent.access)).Reminders[0]?.task
    expect(
      (
        await put(again, {
          remind_at: new Date(Date.now() + 60_000).toISOString(),
          version: current?.version,
        })
      ).statusCode,
    ).toBe(200)
    await comeDue()
    expect(await raise()).toBe(1)
    expect((await remindersOf(agent.access)).count).toBe(2)
  })

  it("raises none while the task's customer is deleted, and raises it at the restore", async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access)
    await newTask(agent.access, {
      title: 'Hidden',
      customer: customer.id,
      remind_at: new Date(Date.now() + 60_000).toISOString(),
    })
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: agent.access })
    await comeDue()
    expect(await raise()).toBe(0)
    await call(s.app, 'POST', `/api/customers/${customer.id}/restore`, { token: agent.access })
    expect(await raise()).toBe(1)
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: agent.access })
    expect(await remindersOf(agent.access)).toMatchObject({ count: 0, unseen: 0 })
  })

  it('snoozing moves the time, arms it again and marks what it raised seen', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const task = await newTask(agent.access, {
      title: 'Snooze me',
      remind_at: new Date(Date.now() + 60_000).toISOString(),
    })
    await comeDue()
    await raise()
    expect((await remindersOf(agent.access)).unseen).toBe(1)
    const res = await call(s.app, 'POST', `/api/tasks/${task.id}/snooze/`, {
      token: agent.access,
      body: { minutes: 10 },
    })
    expect(res.statusCode).toBe(200)
    expect((await remindersOf(agent.access)).unseen).toBe(0)
    expect(await raise()).toBe(0)
    await comeDue()
    expect(await raise()).toBe(1)
  })

  it('marks all seen, and pages newest first', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    for (const title of ['One', 'Two', 'Three']) {
      await newTask(agent.access, { title, remind_at: new Date(Date.now() + 60_000).toISOString() })
      await comeDue()
      await raise()
    }
    const first = await remindersOf(agent.access, 'limit=2')
    const rest = await remindersOf(agent.access, `limit=2&after=${first.next}`)
    expect([...first.Reminders, ...rest.Reminders].map((r) => r.task.title)).toEqual([
      'Three',
      'Two',
      'One',
    ])
    expect(first.unseen).toBe(3)
    const all = await call(s.app, 'POST', '/api/reminders/seen/', { token: agent.access })
    expect(all.json()).toEqual({ unseen: 0 })
    expect((await remindersOf(agent.access)).unseen).toBe(0)
    expect(
      errorOf(await call(s.app, 'GET', '/api/reminders/?limit=0', { token: agent.access })).fields,
    ).toHaveProperty('limit')
  })

  it("delivers a reminder on the assignee's streams only, within 5 seconds of its time", async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const other = await createAgentAndLogin(s.app, s.database)
    const { app } = await s.variant({ jwtSecret: s.config.jwtSecret })
    listening.push(app)
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const mine = await openEventStream(base, agent.access)
    const theirs = await openEventStream(base, other.access)
    jobs.push(startReminderJob(s.database))
    const at = Date.now() + 2_000
    const task = await newTask(agent.access, {
      title: 'Ring',
      remind_at: new Date(at).toISOString(),
    })
    const event = await mine.waitFor((e) => e.event === 'reminder', 8_000)
    const arrived = Date.now()
    expect(arrived - at).toBeLessThan(5_000)
    expect(arrived).toBeGreaterThanOrEqual(at)
    const data = event.data as { id: number; task: Task }
    expect(Object.keys(data)).toEqual(['id', 'task'])
    expect(data.task).toMatchObject({ id: task.id, title: 'Ring', assignee: { id: agent.id } })
    expect((await remindersOf(agent.access)).Reminders[0]?.id).toBe(data.id)
    // A stream keeps its order: had the reminder gone to the other agent too, it would
    // have come before this later change.
    const customer = await createCustomer(s.app, other.access)
    await theirs.waitFor((e) => e.event === 'change' && isChangeOf(e.data, customer.id), 5_000)
    expect(theirs.events.filter((e) => e.event === 'reminder')).toEqual([])
    mine.close()
    theirs.close()
  })

  it('raises at start a reminder whose time passed while no server ran', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    await newTask(agent.access, {
      title: 'Missed',
      remind_at: new Date(Date.now() + 60_000).toISOString(),
    })
    await comeDue()
    // The first tick runs at start; the next would come a minute later.
    const raised = await new Promise<number>((resolve, reject) => {
      jobs.push(
        startReminderJob(s.database, { intervalMs: 60_000, onRaised: resolve, onError: reject }),
      )
    })
    expect(raised).toBe(1)
    expect((await remindersOf(agent.access)).Reminders.map((r) => r.task.title)).toEqual(['Missed'])
  })
})
