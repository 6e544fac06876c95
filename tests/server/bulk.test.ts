import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import type { Customer, CustomerList } from '../../src/shared/customer'
import type { HistoryList } from '../../src/shared/history'
import type { Order, OrderList } from '../../src/shared/order'
import { openEventStream } from './helpers/event-stream'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()
const listening: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(listening.splice(0).map((app) => app.close()))
})

const bulk = (token: string, what: 'customers' | 'orders', body: unknown) =>
  call(s.app, 'POST', `/api/${what}/bulk/`, { token, body })

async function history(token: string, query: string) {
  const res = await call(s.app, 'GET', `/api/history/?${query}`, { token })
  return res.json<HistoryList>().History
}

async function webhookEvents(type: string): Promise<number[]> {
  const result = await s.database.db.execute(
    sql`select (payload -> 'object' ->> 'id')::int as id from webhook_events where type = ${type} order by id`,
  )
  const { rows } = result as { rows: { id: number }[] }
  return rows.map((r) => r.id)
}

describe('POST /api/customers/bulk/', () => {
  it('deletes and restores customers with their orders: one entry each, one live event, one webhook event each', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    await s.database.db.execute(
      sql`insert into webhooks (url, events, secret) values ('https://example.com/h', '["*"]', 'whsec_x')`,
    )
    const { app } = await s.variant({ jwtSecret: s.config.jwtSecret })
    listening.push(app)
    const stream = await openEventStream(
      await app.listen({ port: 0, host: '127.0.0.1' }),
      agent.access,
    )
    const kept = await createCustomer(s.app, agent.access, { name: 'Kept' })
    const doomed: Customer[] = []
    for (const name of ['A', 'B', 'C'])
      doomed.push(await createCustomer(s.app, agent.access, { name }))
    const ids = doomed.map((c) => c.id)
    const order = await createOrder(s.app, agent.access, { customer: ids[0] ?? 0 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const before = stream.events.length
    const res = await bulk(agent.access, 'customers', { action: 'delete', ids: [...ids, ids[0]] })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ changed: 3 })
    await stream.waitFor(
      (e) =>
        JSON.stringify(e.data) === JSON.stringify({ entity: 'customer', id: null, action: 'bulk' }),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(stream.events.slice(before).map((e) => e.data)).toEqual([
      { entity: 'customer', id: null, action: 'bulk' },
    ])
    const list = await call(s.app, 'GET', '/api/customers/', { token: agent.access })
    expect(list.json<CustomerList>().Customers.map((c) => c.name)).toEqual(['Kept'])
    const orphan = await call(s.app, 'GET', `/api/orders/${order.id}/`, { token: agent.access })
    expect(orphan.json<Order>()).toMatchObject({ customer: null, customer_name: null })
    const deleted = await history(agent.access, 'entity=customer&action=delete')
    expect(deleted.map((e) => e.entity_id).sort()).toEqual([...ids].sort())
    expect(deleted.map((e) => e.summary)).toContain('Customer A deleted')
    expect(await webhookEvents('customer.deleted')).toEqual(ids)
    const restored = await bulk(agent.access, 'customers', { action: 'restore', ids })
    expect(restored.json()).toEqual({ changed: 3 })
    const back = await call(s.app, 'GET', `/api/orders/${order.id}/`, { token: agent.access })
    expect(back.json<Order>()).toMatchObject({ customer: ids[0], customer_name: 'A' })
    const entries = await history(agent.access, 'entity=customer&action=restore')
    expect(entries.map((e) => e.summary).sort()).toEqual([
      'Customer A restored, with 1 order',
      'Customer B restored, with 0 orders',
      'Customer C restored, with 0 orders',
    ])
    expect(await webhookEvents('customer.restored')).toEqual(ids)
    expect(kept.owner?.id).toBe(agent.id)
    stream.close()
  })

  it('changes nothing when an id is bad: 400 naming the ids in error and fields.ids', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const live = await createCustomer(s.app, agent.access, { name: 'Live' })
    const gone = await createCustomer(s.app, agent.access, { name: 'Gone' })
    await call(s.app, 'DELETE', `/api/customers/${gone.id}/`, { token: agent.access })
    const entriesBefore = (await history(agent.access, 'entity=customer')).length
    const cases = [
      [{ action: 'delete', ids: [live.id, gone.id, 424242] }, `${gone.id}, 424242`],
      [{ action: 'restore', ids: [gone.id, live.id] }, `${live.id}`],
      [{ action: 'assign', ids: [live.id, gone.id], owner: agent.id }, `${gone.id}`],
      [{ action: 'delete', ids: [live.id, 99999999999] }, '99999999999'],
    ] as const
    for (const [body, bad] of cases) {
      const res = await bulk(agent.access, 'customers', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      const error = errorOf(res)
      expect(error.fields?.ids).toBe(bad)
      for (const id of bad.split(', ')) expect(error.error).toContain(id)
    }
    const list = await call(s.app, 'GET', '/api/customers/', { token: agent.access })
    expect(list.json<CustomerList>().Customers.map((c) => c.name)).toEqual(['Live'])
    expect(await history(agent.access, 'entity=customer')).toHaveLength(entriesBefore)
  })

  it('assigns an owner (or nobody), one update entry for each customer whose owner changes', async () => {
    const ann = await createAgentAndLogin(s.app, s.database, 'Agent', 'ann')
    const bob = await createAgentAndLogin(s.app, s.database, 'Agent', 'bob')
    const a = await createCustomer(s.app, ann.access, { name: 'A' })
    const b = await createCustomer(s.app, ann.access, { name: 'B', owner: bob.id })
    const res = await bulk(ann.access, 'customers', {
      action: 'assign',
      ids: [a.id, b.id],
      owner: bob.id,
    })
    expect(res.json()).toEqual({ changed: 2 })
    const mine = await call(s.app, 'GET', '/api/customers/?owner=me', { token: bob.access })
    expect(mine.json<CustomerList>().Customers.map((c) => [c.name, c.version])).toEqual([
      ['B', 1],
      ['A', 2],
    ])
    const updates = await history(ann.access, 'entity=customer&action=update')
    expect(updates.map((e) => [e.entity_id, e.changes, e.summary])).toEqual([
      [a.id, { owner: ['ann', 'bob'] }, 'Customer A owner ann → bob'],
    ])
    const cleared = await bulk(ann.access, 'customers', {
      action: 'assign',
      ids: [a.id, b.id],
      owner: null,
    })
    expect(cleared.statusCode).toBe(200)
    const none = await call(s.app, 'GET', '/api/customers/?owner=none', { token: ann.access })
    expect(none.json<CustomerList>().count).toBe(2)
    const gone = await createAgentAndLogin(s.app, s.database)
    await s.database.db.execute(sql`update agents set active = false where id = ${gone.id}`)
    for (const body of [
      { action: 'assign', ids: [a.id] },
      { action: 'assign', ids: [a.id], owner: 424242 },
      { action: 'assign', ids: [a.id], owner: gone.id },
    ]) {
      const refused = await bulk(ann.access, 'customers', body)
      expect(refused.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(refused).fields?.owner).toBeTruthy()
    }
  })

  it('takes 1 to 1,000 ids and a known action, and refuses Testers', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    const c = await createCustomer(s.app, agent.access)
    const many = Array.from({ length: 1001 }, (_, i) => i + 1)
    for (const [body, field] of [
      [{ action: 'delete', ids: [] }, 'ids'],
      [{ action: 'delete', ids: many }, 'ids'],
      [{ action: 'delete', ids: ['x'] }, 'ids.0'],
      [{ action: 'delete' }, 'ids'],
      [{ action: 'purge', ids: [c.id] }, 'action'],
    ] as const) {
      const res = await bulk(agent.access, 'customers', body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect(Object.keys(errorOf(res).fields ?? {})).toContain(field)
    }
    for (const what of ['customers', 'orders'] as const) {
      const res = await bulk(tester.access, what, { action: 'delete', ids: [c.id] })
      expect(res.statusCode).toBe(403)
    }
    const list = await call(s.app, 'GET', '/api/customers/', { token: agent.access })
    expect(list.json<CustomerList>().count).toBe(1)
  })

  it('deletes and restores 1,000 customers at once', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    await s.database.db.execute(sql`
      insert into customers (name) select 'Customer ' || g from generate_series(1, 1000) g`)
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1)
    const deleted = await bulk(agent.access, 'customers', { action: 'delete', ids })
    expect(deleted.json()).toEqual({ changed: 1000 })
    const empty = await call(s.app, 'GET', '/api/customers/?limit=1', { token: agent.access })
    expect(empty.json<CustomerList>().count).toBe(0)
    const restored = await bulk(agent.access, 'customers', { action: 'restore', ids })
    expect(restored.json()).toEqual({ changed: 1000 })
    const all = await call(s.app, 'GET', '/api/customers/?limit=1', { token: agent.access })
    expect(all.json<CustomerList>().count).toBe(1000)
  })
})

describe('POST /api/orders/bulk/', () => {
  it('sets the status, deletes and restores orders, all or nothing', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const c = await createCustomer(s.app, agent.access)
    const pending = await createOrder(s.app, agent.access, { customer: c.id })
    const done = await createOrder(s.app, agent.access, { customer: c.id, status: 'Delivered' })
    const ids = [pending.id, done.id]
    const moved = await bulk(agent.access, 'orders', { action: 'status', ids, status: 'delivered' })
    expect(moved.json()).toEqual({ changed: 2 })
    const updates = await history(agent.access, 'entity=order&action=update')
    expect(updates.map((e) => [e.entity_id, e.summary])).toEqual([
      [pending.id, `Order ORD-${pending.id} status Pending → Delivered`],
    ])
    const noStatus = await bulk(agent.access, 'orders', { action: 'status', ids })
    expect(errorOf(noStatus).fields?.status).toBeTruthy()
    const badStatus = await bulk(agent.access, 'orders', { action: 'status', ids, status: 'Lost' })
    expect(errorOf(badStatus).fields?.status).toBeTruthy()
    const partly = await bulk(agent.access, 'orders', { action: 'delete', ids: [...ids, 424242] })
    expect(errorOf(partly).fields?.ids).toBe('424242')
    expect((await bulk(agent.access, 'orders', { action: 'delete', ids })).json()).toEqual({
      changed: 2,
    })
    const list = await call(s.app, 'GET', '/api/orders/', { token: agent.access })
    expect(list.json<OrderList>().count).toBe(0)
    const twice = await bulk(agent.access, 'orders', { action: 'delete', ids })
    expect(errorOf(twice).fields?.ids).toBe(ids.join(', '))
    expect((await bulk(agent.access, 'orders', { action: 'restore', ids })).json()).toEqual({
      changed: 2,
    })
    const back = await call(s.app, 'GET', '/api/orders/?ordering=id', { token: agent.access })
    expect(back.json<OrderList>().Orders.map((o) => [o.id, o.status])).toEqual([
      [pending.id, 'Delivered'],
      [done.id, 'Delivered'],
    ])
    const entries = await history(agent.access, 'entity=order&action=restore')
    expect(entries.map((e) => e.entity_id).sort()).toEqual([...ids].sort())
  })
})
