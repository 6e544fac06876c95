import { describe, expect, it } from 'vitest'
import type { HistoryEntry, HistoryList } from '../../src/shared/history'
import { purgeDeleted } from '../../src/server/repositories/purge'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

async function historyOf(token: string, query = '') {
  const res = await call(s.app, 'GET', `/api/history/?limit=500${query}`, { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<HistoryList>()
}

const entryFor = (list: HistoryList, action: string, entity: string) =>
  list.History.find((e) => e.action === action && e.entity === entity)

describe('history of customers and orders', () => {
  it('records each create, update, delete and restore with who, what and before/after', async () => {
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent', 'olga')
    const customer = await createCustomer(s.app, agent.access, {
      name: 'Olivia Smith',
      city: 'London',
    })
    await call(s.app, 'PUT', `/api/customers/${customer.id}`, {
      token: agent.access,
      body: { ...customer, city: 'Leeds' },
    })
    const order = await createOrder(s.app, agent.access, {
      customer: customer.id,
      total_Amount: '12.00',
    })
    await call(s.app, 'PUT', `/api/orders/${order.id}`, {
      token: agent.access,
      body: { customer: customer.id, status: 'Delivered', total_Amount: '12.00' },
    })
    await call(s.app, 'DELETE', `/api/orders/${order.id}`, { token: agent.access })
    await call(s.app, 'POST', `/api/orders/${order.id}/restore/`, { token: agent.access })
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: agent.access })
    await call(s.app, 'POST', `/api/customers/${customer.id}/restore/`, { token: agent.access })

    const list = await historyOf(agent.access)
    expect(list.History.map((e) => `${e.entity} ${e.action}`)).toEqual([
      'customer restore',
      'customer delete',
      'order restore',
      'order delete',
      'order update',
      'order create',
      'customer update',
      'customer create',
    ])
    const actor = { id: agent.id, username: 'olga' }
    expect(entryFor(list, 'create', 'customer')).toMatchObject({
      actor,
      entity_id: customer.id,
      summary: 'Customer Olivia Smith created',
      changes: { name: [null, 'Olivia Smith'], city: [null, 'London'] },
    })
    expect(entryFor(list, 'update', 'customer')).toMatchObject({
      summary: 'Customer Olivia Smith city London → Leeds',
      changes: { city: ['London', 'Leeds'] },
    })
    expect(Object.keys(entryFor(list, 'update', 'customer')?.changes ?? {})).toEqual(['city'])
    expect(entryFor(list, 'update', 'order')).toMatchObject({
      entity_id: order.id,
      summary: `Order ORD-${order.id} status Pending → Delivered`,
      changes: { status: ['Pending', 'Delivered'] },
    })
    expect(entryFor(list, 'delete', 'order')?.changes).toMatchObject({
      status: ['Delivered', null],
      total_Amount: ['12.00', null],
    })
    expect(list).toMatchObject({ count: 8, count_exact: true, next: null })
    const byRecord = await historyOf(agent.access, `&entity=order&entity_id=${order.id}`)
    expect(byRecord.History).toHaveLength(4)
    expect(byRecord.count).toBe(4)
  })

  it('writes no entry for a write that fails, and none for a save that changes nothing', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    const customer = await createCustomer(s.app, agent.access)
    const before = (await historyOf(agent.access)).count
    const attempts = [
      call(s.app, 'POST', '/api/orders/', {
        token: agent.access,
        body: { customer: 999_999, status: 'Pending', total_Amount: '1' },
      }),
      call(s.app, 'POST', '/api/customers/', { token: agent.access, body: { name: '' } }),
      call(s.app, 'POST', '/api/customers/', { token: tester.access, body: { name: 'Nope' } }),
      call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: tester.access }),
      call(s.app, 'PUT', `/api/customers/${customer.id}`, { token: agent.access, body: customer }),
    ]
    expect((await Promise.all(attempts)).map((res) => res.statusCode)).toEqual([
      400, 400, 403, 403, 200,
    ])
    expect((await historyOf(agent.access)).count).toBe(before)
  })

  it('restores a customer with its orders re-linked; 404 when not deleted; Tester 403', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    const customer = await createCustomer(s.app, agent.access, { name: 'Back Again' })
    const order = await createOrder(s.app, agent.access, { customer: customer.id })
    const restore = (token: string) =>
      call(s.app, 'POST', `/api/customers/${customer.id}/restore/`, { token })
    expect((await restore(agent.access)).statusCode).toBe(404)
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: agent.access })
    const orphan = await call(s.app, 'GET', `/api/orders/${order.id}`, { token: agent.access })
    expect(orphan.json()).toMatchObject({ customer: null, customer_name: null })
    expect(
      (await call(s.app, 'GET', `/api/customers/${customer.id}`, { token: agent.access }))
        .statusCode,
    ).toBe(404)
    expect((await restore(tester.access)).statusCode).toBe(403)
    const restored = await restore(agent.access)
    expect(restored.statusCode).toBe(200)
    expect(restored.json()).toEqual(customer)
    const relinked = await call(s.app, 'GET', `/api/orders/${order.id}`, { token: agent.access })
    expect(relinked.json()).toMatchObject({ customer: customer.id, customer_name: 'Back Again' })
    expect((await restore(agent.access)).statusCode).toBe(404)
  })

  it('keeps the totals exact through delete and restore', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access, { city: 'Oslo' })
    await createOrder(s.app, agent.access, { customer: customer.id, status: 'Pending' })
    const counts = async () => ({
      customers: (
        await call(s.app, 'GET', '/api/customers/?limit=1', { token: agent.access })
      ).json<{ count: number }>().count,
      cities: (
        await call(s.app, 'GET', '/api/stats/customers-by-city/', { token: agent.access })
      ).json<unknown>(),
    })
    const before = await counts()
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: agent.access })
    expect(await counts()).toEqual({ customers: before.customers - 1, cities: { cities: [] } })
    await call(s.app, 'POST', `/api/customers/${customer.id}/restore/`, { token: agent.access })
    expect(await counts()).toEqual(before)
  })

  it('purges records deleted long enough ago; they can no longer be restored', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access)
    const order = await createOrder(s.app, agent.access, { customer: customer.id })
    const kept = await createCustomer(s.app, agent.access, { name: 'Still here' })
    await call(s.app, 'DELETE', `/api/orders/${order.id}`, { token: agent.access })
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: agent.access })
    expect(await purgeDeleted(s.database.db, new Date(Date.now() - 3_600_000))).toEqual({
      customers: 0,
      orders: 0,
    })
    expect(await purgeDeleted(s.database.db, new Date(Date.now() + 1000))).toEqual({
      customers: 1,
      orders: 1,
    })
    const restore = await call(s.app, 'POST', `/api/customers/${customer.id}/restore/`, {
      token: agent.access,
    })
    expect(restore.statusCode).toBe(404)
    expect(
      (await call(s.app, 'GET', `/api/customers/${kept.id}`, { token: agent.access })).statusCode,
    ).toBe(200)
    // The history of what was purged stays.
    expect((await historyOf(agent.access, `&entity=customer&entity_id=${customer.id}`)).count).toBe(
      2,
    )
  })
})

describe('history of agents and who sees what', () => {
  it('records role, activation and password changes, never a password or a hash', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin', 'boss')
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent', 'ann')
    await call(s.app, 'PUT', `/api/agents/${agent.id}/role/`, {
      token: admin.access,
      body: { role: 'Tester' },
    })
    await call(s.app, 'PUT', `/api/agents/${agent.id}/active/`, {
      token: admin.access,
      body: { active: false },
    })
    await call(s.app, 'PUT', `/api/agents/${agent.id}/active/`, {
      token: admin.access,
      body: { active: true },
    })
    const change = await call(s.app, 'POST', '/api/update-password/', {
      token: admin.access,
      body: {
        current_password: admin.password,
        new_password: 'fresh-secret-9',
        confirm_new_password: 'fresh-secret-9',
      },
    })
    expect(change.statusCode).toBe(200)
    const signIn = await call(s.app, 'POST', '/api/users/token/', {
      body: { username: 'boss', password: 'fresh-secret-9' },
    })
    const all = await historyOf(signIn.json<{ access: string }>().access, '&entity=agent')
    expect(
      all.History.map((e: HistoryEntry) => [e.action, e.entity_id, e.summary, e.changes]),
    ).toEqual([
      ['password', admin.id, "boss's password changed", {}],
      ['active', agent.id, 'ann activated', { active: [false, true] }],
      ['active', agent.id, 'ann deactivated', { active: [true, false] }],
      ['role', agent.id, "ann's role Agent → Tester", { role: ['Agent', 'Tester'] }],
    ])
    const text = JSON.stringify(all)
    expect(text).not.toContain('fresh-secret-9')
    expect(text).not.toContain(admin.password)
    expect(text).not.toMatch(/scrypt|hash/i)
  })

  it('shows agents and testers every customer and order entry but only their own agent entries; an Admin all', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    await createCustomer(s.app, admin.access)
    await call(s.app, 'PUT', `/api/agents/${tester.id}/role/`, {
      token: admin.access,
      body: { role: 'Agent' },
    })
    await call(s.app, 'PUT', `/api/agents/${agent.id}/role/`, {
      token: admin.access,
      body: { role: 'Tester' },
    })
    const seen = async (token: string) =>
      (await historyOf(token)).History.map((e) => `${e.entity}:${e.entity_id ?? ''}`).sort()
    expect(await seen(admin.access)).toHaveLength(3)
    expect(await historyOf(admin.access)).toMatchObject({ count: 3, count_exact: true })
    expect(await seen(agent.access)).toEqual(
      [expect.stringMatching(/^agent:/), expect.stringMatching(/^customer:/)].sort(),
    )
    expect(await seen(agent.access)).toContain(`agent:${agent.id}`)
    expect(await seen(agent.access)).not.toContain(`agent:${tester.id}`)
    const testerView = await historyOf(tester.access)
    expect(testerView.count).toBe(2)
    expect((await historyOf(agent.access, '&entity=agent')).count).toBe(1)
  })

  it('answers 400 for a bad filter and 401 without a token', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    for (const query of ['entity=invoice', 'action=eat', 'entity_id=x', 'actor=-1', 'limit=0']) {
      expect(
        (await call(s.app, 'GET', `/api/history/?${query}`, { token: agent.access })).statusCode,
        query,
      ).toBe(400)
    }
    expect((await call(s.app, 'GET', '/api/history/')).statusCode).toBe(401)
  })
})
