import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client'
import { openEventStream, type StreamEvent } from './helpers/event-stream'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { buildTestApp, call, useTestApp } from './helpers/test-app'
import { onPostgres } from './helpers/test-db'

const s = useTestApp()
const listening: FastifyInstance[] = []
const opened: Database[] = []

afterEach(async () => {
  await Promise.all(listening.splice(0).map((app) => app.close()))
  await Promise.all(opened.splice(0).map((db) => db.close()))
})

async function listen(app: FastifyInstance): Promise<string> {
  listening.push(app)
  return app.listen({ port: 0, host: '127.0.0.1' })
}

const change = (entity: string, id: number | null, action: string) => (e: StreamEvent) =>
  e.event === 'change' && JSON.stringify(e.data) === JSON.stringify({ entity, id, action })

describe('GET /api/events/', () => {
  it('streams an event for each committed change to a customer or an order', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { app } = await s.variant({ jwtSecret: s.config.jwtSecret })
    const stream = await openEventStream(await listen(app), agent.access)
    const customer = await createCustomer(s.app, agent.access)
    await call(s.app, 'PUT', `/api/customers/${customer.id}`, {
      token: agent.access,
      body: { ...customer, city: 'Bergen' },
    })
    const order = await call(s.app, 'POST', '/api/orders/', {
      token: agent.access,
      body: { customer: customer.id, status: 'Pending', total_Amount: '1' },
    })
    const orderId = order.json<{ id: number }>().id
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: agent.access })
    await call(s.app, 'POST', `/api/customers/${customer.id}/restore/`, { token: agent.access })
    await s.app.inject({
      method: 'POST',
      url: '/api/customers/import/',
      headers: { authorization: `Bearer ${agent.access}`, 'content-type': 'text/csv' },
      payload: 'name\nImported\n',
    })
    // A write that fails announces nothing.
    await call(s.app, 'POST', '/api/customers/', { token: agent.access, body: { name: '' } })
    await stream.waitFor(change('customer', null, 'import'))
    expect(stream.events.map((e) => e.data)).toEqual([
      { entity: 'customer', id: customer.id, action: 'create' },
      { entity: 'customer', id: customer.id, action: 'update' },
      { entity: 'order', id: orderId, action: 'create' },
      { entity: 'customer', id: customer.id, action: 'delete' },
      { entity: 'customer', id: customer.id, action: 'restore' },
      { entity: 'customer', id: null, action: 'import' },
    ])
    expect(stream.pings()).toBeGreaterThanOrEqual(1)
    stream.close()
  })

  it('answers 401 without a token', async () => {
    const base = await listen((await s.variant()).app)
    const res = await fetch(`${base}/api/events/`, { headers: { accept: 'text/event-stream' } })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: expect.any(String) as string })
  })

  it('ends the stream when the access token expires', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { app } = await s.variant({ jwtSecret: s.config.jwtSecret, accessTtl: 2 })
    const base = await listen(app)
    const login = await call(app, 'POST', '/api/users/token/', {
      body: { username: agent.username, password: agent.password },
    })
    const started = Date.now()
    const stream = await openEventStream(base, login.json<{ access: string }>().access)
    await stream.ended
    const lasted = Date.now() - started
    expect(lasted).toBeGreaterThan(500)
    expect(lasted).toBeLessThan(2_000 + 5_000)
  })

  it.runIf(onPostgres)(
    'carries a change on one server to a stream on another within a second',
    async () => {
      const agent = await createAgentAndLogin(s.app, s.database)
      // A second server: its own pool and its own LISTEN connection on the same database.
      const other = await openDatabase({ url: s.url })
      opened.push(other)
      const second = await buildTestApp(other, { jwtSecret: s.config.jwtSecret })
      const stream = await openEventStream(await listen(second.app), agent.access)
      const started = Date.now()
      const customer = await createCustomer(s.app, agent.access)
      await stream.waitFor(change('customer', customer.id, 'create'), 1_000)
      expect(Date.now() - started).toBeLessThan(1_000)
      stream.close()
    },
  )
})
