import { createHmac } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startWebhookJob, type WebhookJobOptions } from '../../src/server/jobs/webhooks'
import { createCustomer as insertCustomer } from '../../src/server/repositories/customers'
import { createAgentAndLogin, createCustomer, type SignedInAgent } from './helpers/factories'
import { root } from './helpers/run-tsx'
import { call, useTestApp, type TestApp } from './helpers/test-app'
import { startReceiver, type Receiver } from './helpers/webhook-receiver'

const suite = useTestApp()
let receiver: Receiver
let app: TestApp
let admin: SignedInAgent
const stops: (() => Promise<void>)[] = []

beforeEach(async () => {
  receiver = await startReceiver()
  // The receiver is on 127.0.0.1: this server may reach private addresses.
  app = await suite.variant({
    jwtSecret: suite.config.jwtSecret,
    webhooks: { allowPrivate: true },
  })
  admin = await createAgentAndLogin(suite.app, suite.database, 'Admin')
})
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()))
  await receiver.close()
})

/** A job driven by the test (no timer): each tick() sends what is due and waits. */
function job(options: Partial<WebhookJobOptions> = {}) {
  const started = startWebhookJob(suite.database, {
    retrySchedule: [30, 60],
    allowPrivate: true,
    manual: true,
    ...options,
  })
  stops.push(() => started.stop())
  return started
}

async function addWebhook(events: string[] = ['*'], url = receiver.url) {
  const res = await call(app.app, 'POST', '/api/webhooks/', {
    token: admin.access,
    body: { url, events },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ id: number; secret: string }>()
}

type Row = { id: number; status: string; attempts: number; last_status_code: number | null }
async function deliveries(id: number) {
  const res = await call(app.app, 'GET', `/api/webhooks/${id}/deliveries/`, { token: admin.access })
  expect(res.statusCode).toBe(200)
  return res.json<{ Deliveries: (Row & Record<string, unknown>)[] }>().Deliveries
}

/** Time passes: every pending delivery is due now. */
const allDue = () =>
  suite.database.db.execute(
    sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`,
  )

type Verify = (rawBody: string, header: string, secret: string, now?: number) => boolean

/** The receiver's code docs/operations.md shows ("Receiving webhooks"), as a module. */
async function documentedVerifier(): Promise<Verify> {
  const doc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8')
  const section = doc.slice(doc.indexOf('## Receiving webhooks'))
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1]
  if (!code) throw new Error('docs/operations.md shows no receiver code')
  const dir = mkdtempSync(path.join(tmpdir(), 'crm-receiver-'))
  try {
    writeFileSync(path.join(dir, 'verify.mjs'), code)
    const module = (await import(pathToFileURL(path.join(dir, 'verify.mjs')).href)) as {
      verifyRapportSignature: Verify
    }
    return module.verifyRapportSignature
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('webhook deliveries', () => {
  it('are accepted by the receiver code the operations guide shows, and only as sent', async () => {
    const verify = await documentedVerifier()
    const hook = await addWebhook(['customer.created'])
    await createCustomer(suite.app, admin.access, { name: 'Signed' })
    expect(await job().tick()).toBe(1)
    const [delivery] = receiver.received
    if (!delivery) throw new Error('nothing was delivered')
    const header = String(delivery.headers['x-rapport-signature'])
    expect(verify(delivery.body, header, hook.secret)).toBe(true)
    expect(verify(delivery.body.replace('Signed', 'Forged'), header, hook.secret)).toBe(false)
    expect(verify(delivery.body, header, `${hook.secret}x`)).toBe(false)
    expect(verify(delivery.body, header, hook.secret, Date.now() + 10 * 60_000)).toBe(false)
    expect(verify(delivery.body, '', hook.secret)).toBe(false)
  })

  it("sends a record's events in commit order, signed, with the key's actor", async () => {
    const hook = await addWebhook(['customer.created', 'customer.updated', 'customer.deleted'])
    const keyRes = await call(suite.app, 'POST', '/api/api-keys/', {
      token: admin.access,
      body: { name: 'Sync', role: 'Agent' },
    })
    const { key } = keyRes.json<{ key: string }>()
    const customer = await createCustomer(suite.app, key, { name: 'First' })
    const { email, city, country, phone } = customer
    const body = { name: 'Second', email, city, country, phone }
    const put = await call(suite.app, 'PUT', `/api/customers/${customer.id}/`, { token: key, body })
    expect(put.statusCode, put.body).toBe(200)
    expect(
      (await call(suite.app, 'DELETE', `/api/customers/${customer.id}/`, { token: key }))
        .statusCode,
    ).toBe(204)
    expect(receiver.received).toEqual([])

    expect(await job().tick()).toBe(3)
    const got = receiver.received
    expect(got.map((r) => r.json.type)).toEqual([
      'customer.created',
      'customer.updated',
      'customer.deleted',
    ])
    expect(got.map((r) => (r.json.data.object as { name: string }).name)).toEqual([
      'First',
      'Second',
      'Second',
    ])
    expect(got[1]?.json.data.changes).toEqual({ name: ['First', 'Second'] })
    const listed = await deliveries(hook.id)
    for (const [i, r] of got.entries()) {
      expect(r.json.data.actor).toEqual({ id: admin.id, username: admin.username, key: 'Sync' })
      expect(r.headers['content-type']).toBe('application/json')
      expect(r.headers['x-rapport-event']).toBe(r.json.type)
      expect(r.headers['x-rapport-delivery']).toBe(String(listed[2 - i]?.id))
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(
        String(r.headers['x-rapport-signature']),
      ) ?? ['', '', '']
      expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60)
      const mac = createHmac('sha256', hook.secret).update(`${t}.${r.body}`).digest('hex')
      expect(v1).toBe(mac)
    }
    expect(listed.map((d) => [d.status, d.attempts, d.last_status_code])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ])
  })

  it('sends nothing for a change that rolls back, or that no webhook wants', async () => {
    await addWebhook(['order.created'])
    const actor = { id: admin.id, username: admin.username }
    const data = { name: 'Rolled back' } as Parameters<typeof insertCustomer>[1]
    await expect(
      suite.database.db.transaction(async (tx) => {
        await insertCustomer(tx, data, actor)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    await insertCustomer(suite.database.db, data, actor)
    expect(await job().tick()).toBe(0)
    expect(receiver.received).toEqual([])
  })

  it('retries on the schedule, one event at a time, and ends failed', async () => {
    const hook = await addWebhook(['customer.created'])
    receiver.answers = [500, 503, 'hang']
    await createCustomer(suite.app, admin.access, { name: 'A' })
    await createCustomer(suite.app, admin.access, { name: 'B' })
    const worker = job({ timeoutMs: 300 })
    const waits: number[] = []
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      // The last attempt fails it, and B, held behind it until then, goes out.
      expect(await worker.tick()).toBe(attempt === 3 ? 2 : 1)
      const [, first] = await deliveries(hook.id)
      expect(first).toMatchObject({ attempts: attempt })
      if (first?.status === 'pending') {
        waits.push((Date.parse(String(first.next_attempt_at)) - Date.now()) / 1000)
        expect(await worker.tick()).toBe(0)
        await allDue()
      }
    }
    expect(waits.map(Math.round)).toEqual([30, 60])
    const [second, first] = await deliveries(hook.id)
    expect(first).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_status_code: null,
      last_error: 'No answer within 0.3 seconds.',
      next_attempt_at: null,
    })
    expect(second?.status).toBe('delivered')
    const names = receiver.received.map((r) => (r.json.data.object as { name: string }).name)
    expect(names).toEqual(['A', 'A', 'A', 'B'])
    const ids = new Set(receiver.received.slice(0, 3).map((r) => r.headers['x-rapport-delivery']))
    expect(ids.size).toBe(1)
  })

  it('a 410 turns the webhook off and ends its pending deliveries failed', async () => {
    const hook = await addWebhook()
    receiver.answers = [410]
    await createCustomer(suite.app, admin.access, { name: 'A' })
    await createCustomer(suite.app, admin.access, { name: 'B' })
    expect(await job().tick()).toBe(1)
    const list = await call(app.app, 'GET', '/api/webhooks/', { token: admin.access })
    expect(list.json()).toMatchObject({ Webhooks: [{ id: hook.id, active: false }] })
    const rows = await deliveries(hook.id)
    expect(rows.map((d) => [d.status, d.last_status_code])).toEqual([
      ['failed', null],
      ['failed', 410],
    ])
    await createCustomer(suite.app, admin.access, { name: 'C' })
    expect(await job().tick()).toBe(0)
    expect(receiver.received).toHaveLength(1)
  })

  it('sends a test ping and redelivers an event as a new delivery', async () => {
    const hook = await addWebhook(['order.created'])
    const test = await call(app.app, 'POST', `/api/webhooks/${hook.id}/test/`, {
      token: admin.access,
    })
    expect(test.statusCode).toBe(202)
    expect(await job().tick()).toBe(1)
    const [ping] = await deliveries(hook.id)
    expect(receiver.received[0]?.json.type).toBe('ping')
    const again = await call(
      app.app,
      'POST',
      `/api/webhooks/${hook.id}/deliveries/${ping?.id}/redeliver/`,
      { token: admin.access },
    )
    expect(again.statusCode).toBe(202)
    expect(await job().tick()).toBe(1)
    const [copy] = await deliveries(hook.id)
    expect(copy).toMatchObject({ status: 'delivered', event_id: ping?.event_id })
    expect(copy?.id).not.toBe(ping?.id)
    const [first, second] = receiver.received
    expect(second?.json.id).toBe(first?.json.id)
    expect(second?.headers['x-rapport-delivery']).toBe(String(copy?.id))
    const missing = await call(
      app.app,
      'POST',
      `/api/webhooks/${hook.id}/deliveries/999999/redeliver/`,
      {
        token: admin.access,
      },
    )
    expect(missing.statusCode).toBe(404)
  })

  it('refuses at delivery a name that now resolves to loopback, and follows no redirect', async () => {
    const port = new URL(receiver.url).port
    const hook = await addWebhook(['customer.created'], `http://hooks.example.test:${port}/hook`)
    await createCustomer(suite.app, admin.access, { name: 'A' })
    const resolve = () => Promise.resolve(['127.0.0.1'])
    expect(await job({ allowPrivate: false, resolve }).tick()).toBe(1)
    const [refused] = await deliveries(hook.id)
    expect(refused).toMatchObject({
      status: 'pending',
      last_error:
        'Use a public address: loopback, private, link-local and other internal addresses are refused.',
    })
    expect(receiver.received).toEqual([])

    await allDue()
    receiver.answers = [302]
    expect(await job({ resolve }).tick()).toBe(1)
    expect(receiver.received).toHaveLength(1)
    expect(receiver.received[0]?.headers.host).toBe(`hooks.example.test:${port}`)
    const [redirected] = await deliveries(hook.id)
    expect(redirected).toMatchObject({ status: 'pending', last_status_code: 302, attempts: 2 })
  })

  it('a slow receiver holds only its own delivery', async () => {
    const slow = await startReceiver()
    stops.push(() => slow.close())
    slow.answers = ['hang']
    await addWebhook(['customer.created'], slow.url)
    await addWebhook(['customer.created'])
    await createCustomer(suite.app, admin.access, { name: 'A' })
    const started = Date.now()
    const worker = startWebhookJob(suite.database, {
      retrySchedule: [30],
      allowPrivate: true,
      timeoutMs: 10_000,
    })
    stops.push(() => worker.stop())
    await expect.poll(() => receiver.received.length, { timeout: 5000 }).toBe(1)
    expect(Date.now() - started).toBeLessThan(5000)
    await createCustomer(suite.app, admin.access, { name: 'B' })
    await expect.poll(() => receiver.received.length, { timeout: 5000 }).toBe(2)
    expect(slow.received).toHaveLength(1)
  })
})
