import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client'
import { startWebhookJob, type WebhookJob } from '../../src/server/jobs/webhooks'
import { createAgentAndLogin } from './helpers/factories'
import { startServerProcess, type ServerProcess } from './helpers/server-process'
import { buildTestApp, call, useTestApp } from './helpers/test-app'
import { createTestDatabase, onPostgres } from './helpers/test-db'
import { startReceiver, type Receiver } from './helpers/webhook-receiver'

const CHANGES = 500
const s = useTestApp()
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function receiver(): Promise<Receiver> {
  const started = await startReceiver()
  cleanups.push(() => started.close())
  return started
}

describe(`webhooks across servers (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`two servers deliver ${CHANGES} changes' events, each once, in commit order`, async () => {
    const hooks = await receiver()
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const open = { jwtSecret: s.config.jwtSecret, webhooks: { allowPrivate: true } }
    const first = await buildTestApp(s.database, open)
    let other: Database = s.database
    if (onPostgres) {
      other = await openDatabase({ url: s.url })
      cleanups.push(() => other.close())
    }
    const second = await buildTestApp(other, open)
    cleanups.push(
      () => first.app.close(),
      () => second.app.close(),
    )
    const added = await call(first.app, 'POST', '/api/webhooks/', {
      token: admin.access,
      body: { url: hooks.url, events: ['customer.created'] },
    })
    expect(added.statusCode).toBe(201)
    const jobs: WebhookJob[] = [s.database, other].map((database) =>
      startWebhookJob(database, { retrySchedule: [1], allowPrivate: true, intervalMs: 100 }),
    )
    cleanups.push(() => Promise.all(jobs.map((job) => job.stop())))

    for (let i = 0; i < CHANGES; i += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, j) =>
          call(j % 2 ? first.app : second.app, 'POST', '/api/customers/', {
            token: admin.access,
            body: { name: `Customer ${i + j}` },
          }).then((res) => expect(res.statusCode).toBe(201)),
        ),
      )
    }
    await expect
      .poll(() => hooks.received.length, { timeout: 60_000, interval: 100 })
      .toBeGreaterThanOrEqual(CHANGES)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(hooks.received).toHaveLength(CHANGES)
    const events = hooks.received.map((r) => r.json.id)
    expect(new Set(events).size).toBe(CHANGES)
    expect(new Set(hooks.received.map((r) => r.headers['x-rapport-delivery'])).size).toBe(CHANGES)
    // Commit order: each customer's id was given inside its transaction, so ids may
    // interleave, but the events (numbered at commit) arrive as the outbox ordered them.
    const { id } = added.json<{ id: number }>()
    const result = await s.database.db.execute(sql`select e.id from webhook_events e
      join webhook_deliveries d on d.event_id = e.id where d.webhook_id = ${id} order by e.seq`)
    const committed = (result as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id))
    expect(events).toEqual(committed)
  }, 120_000)

  it('a server killed with kill -9 leaves its pending delivery to the next start', async () => {
    const hooks = await receiver()
    hooks.answers = [500]
    const folder = mkdtempSync(path.join(tmpdir(), 'crm-webhooks-'))
    cleanups.push(() => Promise.resolve(rmSync(folder, { recursive: true, force: true })))
    const env: Record<string, string> = {
      CRM_DATA_DIR: path.join(folder, 'data'),
      CRM_JWT_SECRET: randomBytes(32).toString('hex'),
      CRM_DEMO: '0',
      CRM_STATIC_DIR: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      CRM_WEBHOOK_ALLOW_PRIVATE: '1',
      CRM_WEBHOOK_RETRY_SCHEDULE: '2',
      CRM_SIGNUP_ROLE: 'Admin',
    }
    if (onPostgres) {
      const database = await createTestDatabase()
      cleanups.push(() => database.close())
      env.DATABASE_URL = database.url ?? ''
    }
    const start = async () => {
      const server = await startServerProcess(env)
      cleanups.push(() => server.kill())
      return server
    }
    const api = async (server: ServerProcess, method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server.baseURL}${url}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return res.json() as Promise<Record<string, unknown>>
    }
    const firstServer = await start()
    let token = ''
    const credentials = { username: 'hookadmin', password: 'a long secret phrase 42' }
    const registered = await fetch(`${firstServer.baseURL}/api/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, email: 'hooks@example.com' }),
    })
    expect(registered.status, await registered.text()).toBe(201)
    const signIn = await fetch(`${firstServer.baseURL}/api/users/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    })
    const signedIn = (await signIn.json()) as { access: string }
    expect(signIn.status, JSON.stringify(signedIn)).toBe(200)
    token = signedIn.access
    const hook = await api(firstServer, 'POST', '/api/webhooks/', {
      url: hooks.url,
      events: ['customer.created'],
    })
    expect(hook.secret, JSON.stringify(hook)).toBeDefined()
    const customer = await api(firstServer, 'POST', '/api/customers/', { name: 'Survivor' })
    // The first attempt was answered 500 and written: the retry is due in 2 s.
    await expect
      .poll(
        async () =>
          (await api(firstServer, 'GET', `/api/webhooks/${String(hook.id)}/deliveries/`))
            .Deliveries as { attempts: number }[],
        { timeout: 20_000 },
      )
      .toMatchObject([{ attempts: 1 }])
    await firstServer.kill()
    expect(hooks.received).toHaveLength(1)

    const secondServer = await start()
    await expect.poll(() => hooks.received.length, { timeout: 20_000 }).toBe(2)
    const [before, after] = hooks.received
    expect(after?.json.id).toBe(before?.json.id)
    expect(after?.headers['x-rapport-delivery']).toBe(before?.headers['x-rapport-delivery'])
    expect((after?.json.data.object as { id: number }).id).toBe(customer.id)
    const rows = await api(secondServer, 'GET', `/api/webhooks/${String(hook.id)}/deliveries/`)
    expect(rows.Deliveries).toMatchObject([{ status: 'delivered', attempts: 2 }])
  }, 240_000)
})
