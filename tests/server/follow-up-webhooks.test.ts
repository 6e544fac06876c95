import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HistoryList } from '../../src/shared/history'
import type { Note } from '../../src/shared/notes'
import type { Task } from '../../src/shared/tasks'
import { startWebhookJob } from '../../src/server/jobs/webhooks'
import { createAgentAndLogin, createCustomer, type SignedInAgent } from './helpers/factories'
import { call, useTestApp, type TestApp } from './helpers/test-app'
import { startReceiver, type Receiver } from './helpers/webhook-receiver'

const suite = useTestApp()
let receiver: Receiver
let app: TestApp
let admin: SignedInAgent
let agent: SignedInAgent
const stops: (() => Promise<void>)[] = []

beforeEach(async () => {
  receiver = await startReceiver()
  // The receiver is on 127.0.0.1: this server may reach private addresses.
  app = await suite.variant({ jwtSecret: suite.config.jwtSecret, webhooks: { allowPrivate: true } })
  admin = await createAgentAndLogin(suite.app, suite.database, 'Admin')
  agent = await createAgentAndLogin(suite.app, suite.database, 'Agent')
})
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()))
  await receiver.close()
})

/** Sends every due delivery once, driven by the test (no timer). */
function deliver() {
  const job = startWebhookJob(suite.database, {
    retrySchedule: [30],
    allowPrivate: true,
    manual: true,
  })
  stops.push(() => job.stop())
  return job.tick()
}

async function addWebhook(events: string[]) {
  const res = await call(app.app, 'POST', '/api/webhooks/', {
    token: admin.access,
    body: { url: receiver.url, events },
  })
  expect(res.statusCode, res.body).toBe(201)
}

/** A call by the agent that must answer `status`; its body parsed. */
async function send<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, status: number, body = {}) {
  const res = await call(suite.app, method, url, { token: agent.access, body })
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status)
  return (res.body ? res.json() : undefined) as T
}

/** The history's `changes`, newest first, of one entity. */
async function historyChanges(entity: string) {
  const res = await call(suite.app, 'GET', `/api/history/?entity=${entity}`, {
    token: agent.access,
  })
  return res.json<HistoryList>().History.map((entry) => entry.changes)
}

const events = () =>
  receiver.received.map(({ json }) => ({ type: json.type, object: json.data.object }))

describe('webhook events of notes and tasks', () => {
  it("sends a note's create, edit and delete with the note as the API shows it", async () => {
    await addWebhook(['note.created', 'note.updated', 'note.deleted'])
    const customer = await createCustomer(suite.app, agent.access)
    const note = await send<Note>('POST', '/api/notes/', 201, {
      customer: customer.id,
      kind: 'call',
      body: 'Asked for a quote',
    })
    const edited = await send<Note>('PUT', `/api/notes/${note.id}/`, 200, {
      kind: 'call',
      body: 'Asked for a quote by Friday',
    })
    await send('DELETE', `/api/notes/${note.id}/`, 204)
    // A restore has no event type of its own in the contract: nothing is sent for it.
    await send('POST', `/api/notes/${note.id}/restore/`, 200)

    expect(await deliver()).toBe(3)
    expect(events()).toEqual([
      { type: 'note.created', object: note },
      { type: 'note.updated', object: edited },
      { type: 'note.deleted', object: edited },
    ])
    const actor = { id: agent.id, username: agent.username }
    expect(receiver.received.map(({ json }) => json.data.actor)).toEqual([actor, actor, actor])
    const history = (await historyChanges('note')).slice(1).reverse()
    expect(receiver.received.map(({ json }) => json.data.changes)).toEqual(history)
  })

  it("sends a task's create, changes (done, snooze) and delete; only the types asked for", async () => {
    await addWebhook(['task.created', 'task.updated', 'task.deleted'])
    const customer = await createCustomer(suite.app, agent.access)
    await send('POST', '/api/notes/', 201, { customer: customer.id, body: 'Not a task' })
    const task = await send<Task>('POST', '/api/tasks/', 201, {
      title: 'Call back',
      customer: customer.id,
    })
    const done = await send<Task>('PUT', `/api/tasks/${task.id}/`, 200, {
      title: 'Call back',
      customer: customer.id,
      done: true,
    })
    const reopened = await send<Task>('PUT', `/api/tasks/${task.id}/`, 200, {
      title: 'Call back',
      customer: customer.id,
    })
    const snoozed = await send<Task>('POST', `/api/tasks/${task.id}/snooze/`, 200, { minutes: 10 })
    await send('DELETE', `/api/tasks/${task.id}/`, 204)

    expect(await deliver()).toBe(5)
    expect(events()).toEqual([
      { type: 'task.created', object: task },
      { type: 'task.updated', object: done },
      { type: 'task.updated', object: reopened },
      { type: 'task.updated', object: snoozed },
      { type: 'task.deleted', object: snoozed },
    ])
    expect(receiver.received[3]?.json.data.changes).toEqual({
      remind_at: [null, snoozed.remind_at],
    })
    const history = (await historyChanges('task')).reverse()
    expect(receiver.received.map(({ json }) => json.data.changes)).toEqual(history)
  })

  it("sends nothing for a Tester's refused write or an edit that changes nothing", async () => {
    await addWebhook(['*'])
    const customer = await createCustomer(suite.app, agent.access)
    const task = await send<Task>('POST', '/api/tasks/', 201, {
      title: 'Plan',
      customer: customer.id,
    })
    expect(await deliver()).toBe(2)
    const tester = await createAgentAndLogin(suite.app, suite.database, 'Tester')
    const refused = await call(suite.app, 'POST', '/api/notes/', {
      token: tester.access,
      body: { customer: customer.id, body: 'Hello' },
    })
    expect(refused.statusCode).toBe(403)
    await send('PUT', `/api/tasks/${task.id}/`, 200, { title: 'Plan', customer: customer.id })
    expect(await deliver()).toBe(0)
    expect(events().map((event) => event.type)).toEqual(['customer.created', 'task.created'])
  })
})
