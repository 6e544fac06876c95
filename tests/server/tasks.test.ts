import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CustomerList } from '../../src/shared/customer'
import type { HistoryList } from '../../src/shared/history'
import type { Task, TaskCounts, TaskList } from '../../src/shared/tasks'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { anyNumber, call, errorOf, isoDateTime, useTestApp } from './helpers/test-app'

const s = useTestApp()

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

async function addTask(token: string, body: Record<string, unknown>) {
  return call(s.app, 'POST', '/api/tasks/', { token, body })
}

async function newTask(token: string, body: Record<string, unknown>): Promise<Task> {
  const res = await addTask(token, body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Task>()
}

async function listOf(token: string, query: string): Promise<TaskList> {
  const res = await call(s.app, 'GET', `/api/tasks/?${query}`, { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<TaskList>()
}

async function countsOf(token: string, query = ''): Promise<TaskCounts> {
  const res = await call(s.app, 'GET', `/api/tasks/counts/?${query}`, { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<TaskCounts>()
}

describe('tasks', () => {
  it('creates a task for its creator by default, about an order and its customer', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access)
    const order = await createOrder(s.app, agent.access, { customer: customer.id })
    const due = inMinutes(60)
    const task = await newTask(agent.access, { title: ' Call back ', due_at: due, order: order.id })
    const me = { id: agent.id, username: agent.username }
    expect(task).toEqual({
      id: anyNumber,
      title: 'Call back',
      details: '',
      due_at: due,
      remind_at: null,
      assignee: me,
      customer: customer.id,
      customer_name: 'Ada Lovelace',
      order: order.id,
      done: false,
      done_at: null,
      created_by: me,
      created_at: isoDateTime,
      updated_at: isoDateTime,
      version: 1,
    })
    expect(
      (await call(s.app, 'GET', `/api/tasks/${task.id}/`, { token: agent.access })).json(),
    ).toEqual(task)
    const nobody = await newTask(agent.access, { title: 'Nobody', assignee: null, customer: null })
    expect(nobody).toMatchObject({ assignee: null, customer: null, order: null })
  })

  it('answers 400 with fields for every bad input and writes nothing', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    const gone = await createAgentAndLogin(s.app, s.database)
    const off = { active: false }
    await call(s.app, 'PUT', `/api/agents/${gone.id}/active/`, { token: admin.access, body: off })
    const ada = await createCustomer(s.app, agent.access)
    const bob = await createCustomer(s.app, agent.access, { name: 'Bob' })
    const order = await createOrder(s.app, agent.access, { customer: ada.id })
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'x', details: 'x'.repeat(10_001) }, 'details'],
      [{ title: 'x', customer: 987_654 }, 'customer'],
      [{ title: 'x', order: 987_654 }, 'order'],
      [{ title: 'x', order: order.id, customer: bob.id }, 'customer'],
      [{ title: 'x', assignee: 987_654 }, 'assignee'],
      [{ title: 'x', assignee: tester.id }, 'assignee'],
      [{ title: 'x', assignee: gone.id }, 'assignee'],
      [{ title: 'x', due_at: 'tomorrow' }, 'due_at'],
      [{ title: 'x', due_at: '2026-11-22T10:00:00' }, 'due_at'],
      [{ title: 'x', remind_at: inMinutes(-2) }, 'remind_at'],
      [{ title: 'x', remind_at: '0999-01-01T00:00:00Z' }, 'remind_at'],
    ]
    for (const [body, field] of cases) {
      const res = await addTask(agent.access, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(res).fields, JSON.stringify(body)).toHaveProperty(field)
    }
    expect((await listOf(agent.access, '')).count).toBe(0)
    // Half a minute late is still "now": a clock a little behind is not an error.
    expect(
      (await addTask(agent.access, { title: 'x', remind_at: inMinutes(-0.5) })).statusCode,
    ).toBe(201)
    for (const query of [
      'due=open&done=true',
      'tz=Mars/Olympus',
      'due=later',
      'assignee=someone',
    ]) {
      const res = await call(s.app, 'GET', `/api/tasks/?${query}`, { token: agent.access })
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(errorOf(res).fields ?? {}).length, query).toBe(1)
    }
    const counts = await call(s.app, 'GET', '/api/tasks/counts/?tz=Nowhere', {
      token: agent.access,
    })
    expect(errorOf(counts).fields).toHaveProperty('tz')
  })

  it('replaces a task with PUT, marks it done and open again, and refuses a stale version', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const other = await createAgentAndLogin(s.app, s.database, 'Admin')
    const task = await newTask(agent.access, { title: 'Write', remind_at: inMinutes(1) })
    const url = `/api/tasks/${task.id}/`
    const put = (token: string, body: Record<string, unknown>) =>
      call(s.app, 'PUT', url, { token, body })
    const done = await put(other.access, {
      title: 'Write',
      assignee: agent.id,
      done: true,
      version: 1,
    })
    expect(done.statusCode, done.body).toBe(200)
    // A field left out takes its default: remind_at null.
    expect(done.json<Task>()).toMatchObject({
      done: true,
      done_at: isoDateTime,
      remind_at: null,
      version: 2,
    })
    const stale = await put(agent.access, { title: 'Other', version: 1 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json<{ current: Task }>().current.version).toBe(2)
    const reopened = await put(agent.access, { title: 'Write', version: 2 })
    expect(reopened.json<Task>()).toMatchObject({ done: false, done_at: null, version: 3 })
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    expect((await put(tester.access, { title: 'No' })).statusCode).toBe(403)
    expect((await addTask(tester.access, { title: 'No' })).statusCode).toBe(403)
    expect((await call(s.app, 'DELETE', url, { token: tester.access })).statusCode).toBe(403)
    expect((await call(s.app, 'GET', url, { token: tester.access })).statusCode).toBe(200)
    expect((await call(s.app, 'DELETE', url, { token: other.access })).statusCode).toBe(204)
    expect((await call(s.app, 'GET', url, { token: agent.access })).statusCode).toBe(404)
  })

  it('keeps an unchanged past reminder on a PUT, and refuses a new one in the past', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const soon = inMinutes(-0.5)
    const task = await newTask(agent.access, { title: 'x', remind_at: soon })
    // Its time moves into the past, as time does.
    await s.database.db.execute(sql`update tasks set remind_at = now() - interval '1 hour'`)
    const now = (
      await call(s.app, 'GET', `/api/tasks/${task.id}`, { token: agent.access })
    ).json<Task>()
    const url = `/api/tasks/${task.id}`
    const keep = await call(s.app, 'PUT', url, {
      token: agent.access,
      body: { title: 'y', remind_at: now.remind_at },
    })
    expect(keep.statusCode, keep.body).toBe(200)
    const moved = await call(s.app, 'PUT', url, {
      token: agent.access,
      body: { title: 'y', remind_at: inMinutes(-10) },
    })
    expect(errorOf(moved).fields).toEqual({ remind_at: 'Choose a reminder time from now on.' })
  })

  it('snoozes an open task, not a done one', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const task = await newTask(agent.access, { title: 'x', remind_at: inMinutes(1) })
    const snooze = (minutes: unknown) =>
      call(s.app, 'POST', `/api/tasks/${task.id}/snooze/`, {
        token: agent.access,
        body: { minutes },
      })
    for (const minutes of [0, 10_081, 1.5, '10'])
      expect((await snooze(minutes)).statusCode).toBe(400)
    const before = Date.now()
    const res = await snooze(10)
    expect(res.statusCode).toBe(200)
    const remind = Date.parse(res.json<Task>().remind_at ?? '')
    expect(remind - before).toBeGreaterThan(9.9 * 60_000)
    expect(remind - before).toBeLessThan(10.1 * 60_000)
    await call(s.app, 'PUT', `/api/tasks/${task.id}`, {
      token: agent.access,
      body: { title: 'x', done: true },
    })
    expect(errorOf(await snooze(10)).fields).toHaveProperty('done')
  })

  it('lists and counts by assignee, done and search, paging through tasks without a due time', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const other = await createAgentAndLogin(s.app, s.database)
    const a = await newTask(agent.access, { title: 'Alpha', due_at: inMinutes(-60) })
    const b = await newTask(agent.access, { title: 'Beta', due_at: inMinutes(3 * 24 * 60) })
    const c = await newTask(agent.access, { title: 'Gamma', details: 'about delta' })
    const d = await newTask(agent.access, { title: 'Delta' })
    const e = await newTask(other.access, { title: 'Epsilon', due_at: inMinutes(-30) })
    await call(s.app, 'PUT', `/api/tasks/${d.id}`, {
      token: agent.access,
      body: { title: 'Delta', done: true },
    })
    const mine = await listOf(agent.access, 'assignee=me&due=open')
    expect(mine.Tasks.map((t) => t.id)).toEqual([a.id, b.id, c.id])
    const everyone = await listOf(agent.access, 'due=open')
    expect(everyone.Tasks.map((t) => t.id)).toEqual([a.id, e.id, b.id, c.id])
    // Walk everything (done too) two at a time, across the tasks without a due time.
    const walked: number[] = []
    let next: string | null = null
    do {
      const page: TaskList = await listOf(agent.access, `limit=2${next ? `&after=${next}` : ''}`)
      walked.push(...page.Tasks.map((t) => t.id))
      next = page.next
    } while (next)
    expect(walked).toEqual([a.id, e.id, b.id, c.id, d.id])
    const backwards = await listOf(agent.access, 'ordering=-due_at&limit=2')
    const rest = await listOf(agent.access, `ordering=-due_at&limit=5&after=${backwards.next}`)
    expect([...backwards.Tasks, ...rest.Tasks].map((t) => t.id)).toEqual([
      b.id,
      e.id,
      a.id,
      d.id,
      c.id,
    ])
    expect(
      (await listOf(agent.access, 'done=true&ordering=-done_at')).Tasks.map((t) => t.id),
    ).toEqual([d.id])
    expect((await listOf(agent.access, 'search=delta')).Tasks.map((t) => t.id)).toEqual([
      c.id,
      d.id,
    ])
    expect((await listOf(agent.access, `assignee=${other.id}`)).count).toBe(1)
    expect(await countsOf(agent.access)).toEqual({
      open: 3,
      overdue: 1,
      today: 0,
      upcoming: 1,
      none: 1,
      done: 1,
    })
    expect(await countsOf(agent.access, 'assignee=all')).toMatchObject({ open: 4, overdue: 2 })
    expect(await countsOf(agent.access, `assignee=${other.id}`)).toMatchObject({ open: 1, done: 0 })
  })

  it("hides a deleted customer's tasks everywhere and brings them back with it", async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access)
    const task = await newTask(agent.access, {
      title: 'x',
      customer: customer.id,
      due_at: inMinutes(-5),
    })
    await newTask(agent.access, { title: 'free' })
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: agent.access })
    expect((await listOf(agent.access, '')).count).toBe(1)
    expect(await countsOf(agent.access)).toMatchObject({ open: 1, overdue: 0 })
    expect(
      (await call(s.app, 'GET', `/api/tasks/${task.id}`, { token: agent.access })).statusCode,
    ).toBe(404)
    const snooze = { minutes: 5 }
    expect(
      (
        await call(s.app, 'POST', `/api/tasks/${task.id}/snooze`, {
          token: agent.access,
          body: snooze,
        })
      ).statusCode,
    ).toBe(404)
    await call(s.app, 'POST', `/api/customers/${customer.id}/restore`, { token: agent.access })
    expect(await countsOf(agent.access)).toMatchObject({ open: 2, overdue: 1 })
  })

  it("keeps each customer's next_follow_up and orders the customers by it, none last", async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const [x, y, z, w] = [
      await createCustomer(s.app, agent.access, { name: 'X' }),
      await createCustomer(s.app, agent.access, { name: 'Y' }),
      await createCustomer(s.app, agent.access, { name: 'Z' }),
      await createCustomer(s.app, agent.access, { name: 'W' }),
    ]
    const soon = inMinutes(30)
    const later = inMinutes(90)
    await newTask(agent.access, { title: '1', customer: y?.id, due_at: later })
    const first = await newTask(agent.access, { title: '2', customer: x?.id, due_at: soon })
    await newTask(agent.access, { title: '3', customer: x?.id, due_at: later })
    await newTask(agent.access, { title: '4', customer: z?.id })
    const get = async (id?: number) =>
      (await call(s.app, 'GET', `/api/customers/${id}`, { token: agent.access })).json<{
        next_follow_up: string | null
      }>()
    expect((await get(x?.id)).next_follow_up).toBe(soon)
    const names = async (query: string) => {
      const res = await call(s.app, 'GET', `/api/customers/?${query}`, { token: agent.access })
      const page = res.json<CustomerList>()
      return { names: page.Customers.map((c) => c.name), next: page.next }
    }
    expect((await names('ordering=next_follow_up')).names).toEqual(['X', 'Y', 'Z', 'W'])
    const down = await names('ordering=-next_follow_up&limit=1')
    expect(down.names).toEqual(['Y'])
    expect((await names(`ordering=-next_follow_up&limit=10&after=${down.next}`)).names).toEqual([
      'X',
      'W',
      'Z',
    ])
    const firstTwo = await names('ordering=next_follow_up&limit=3')
    expect((await names(`ordering=next_follow_up&after=${firstTwo.next}`)).names).toEqual(['W'])
    await call(s.app, 'PUT', `/api/tasks/${first.id}`, {
      token: agent.access,
      body: { title: '2', customer: x?.id, due_at: soon, done: true },
    })
    expect((await get(x?.id)).next_follow_up).toBe(later)
    expect(w).toBeDefined()
  })

  it('writes history entries that Testers see', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    const task = await newTask(agent.access, { title: 'Call Ada' })
    await call(s.app, 'PUT', `/api/tasks/${task.id}`, {
      token: agent.access,
      body: { title: 'Call Ada', done: true },
    })
    await call(s.app, 'DELETE', `/api/tasks/${task.id}`, { token: agent.access })
    const res = await call(s.app, 'GET', `/api/history/?entity=task`, { token: tester.access })
    const { History, count } = res.json<HistoryList>()
    expect(count).toBe(3)
    expect(History.map((e) => e.summary)).toEqual([
      'Task "Call Ada" deleted',
      'Task "Call Ada" done',
      'Task "Call Ada" created',
    ])
    expect(History[1]?.changes).toEqual({ done: [false, true] })
  })
})
