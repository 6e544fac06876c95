import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CustomerList } from '../../src/shared/customer'
import type { OrderList } from '../../src/shared/order'
import type { CustomersByCountry, OrdersByStatus } from '../../src/shared/stats'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

async function list<T>(token: string, path: string): Promise<T> {
  const res = await call(s.app, 'GET', path, { token })
  expect(res.statusCode, `${path} ${res.body}`).toBe(200)
  return res.json<T>()
}
const customerNames = async (token: string, query: string) =>
  (await list<CustomerList>(token, `/api/customers/?${query}`)).Customers.map((c) => c.name)
const orderIds = async (token: string, query: string) =>
  (await list<OrderList>(token, `/api/orders/?${query}`)).Orders.map((o) => o.id)

const created = (table: 'customers' | 'orders', id: number, at: string) =>
  s.database.db.execute(
    sql`update ${sql.identifier(table)} set date_created = ${at} where id = ${id}`,
  )

describe('customer filters', () => {
  it('match city and country exactly ignoring case, created dates in tz, with search and ordering', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const rows = [
      ['Ann', 'Paris', 'France', '2026-03-01T12:00:00Z'],
      ['Bea', 'paris', 'FRANCE', '2026-03-02T23:30:00Z'],
      ['Cid', 'Parison', 'France', '2026-03-03T12:00:00Z'],
      ['Dan', 'Lyon', 'France', '2026-03-04T12:00:00Z'],
      ['Eve', 'Paris', 'Texas', '2026-03-05T12:00:00Z'],
    ] as const
    for (const [name, city, country, at] of rows) {
      const c = await createCustomer(s.app, access, { name, city, country })
      await created('customers', c.id, at)
    }
    expect(await customerNames(access, 'city=PARIS&ordering=name')).toEqual(['Ann', 'Bea', 'Eve'])
    expect(await customerNames(access, 'city=%20Paris%20&country=france&ordering=-name')).toEqual([
      'Bea',
      'Ann',
    ])
    expect(await customerNames(access, 'country=France&search=par&ordering=name')).toEqual([
      'Ann',
      'Bea',
      'Cid',
    ])
    expect(
      await customerNames(access, 'created_from=2026-03-02&created_to=2026-03-03&ordering=name'),
    ).toEqual(['Bea', 'Cid'])
    // 23:30 UTC on the 2nd is the 3rd in Tokyo.
    expect(
      await customerNames(
        access,
        'created_from=2026-03-03&created_to=2026-03-03&tz=Asia/Tokyo&ordering=name',
      ),
    ).toEqual(['Bea', 'Cid'])
    const page = await list<CustomerList>(
      access,
      '/api/customers/?country=france&limit=2&ordering=name',
    )
    expect([page.count, page.count_exact]).toEqual([4, true])
    const rest = await list<CustomerList>(
      access,
      `/api/customers/?country=france&ordering=name&after=${page.next}`,
    )
    expect(rest.Customers.map((c) => c.name)).toEqual(['Cid', 'Dan'])
    const csv = await call(s.app, 'GET', '/api/customers/export/?city=paris&country=texas', {
      token: access,
    })
    expect(
      csv.body
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[1]),
    ).toEqual(['Eve'])
  })

  it('refuses malformed filters with 400 and fields', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    for (const [query, field] of [
      ['created_from=2026-02-30', 'created_from'],
      ['created_to=yesterday', 'created_to'],
      ['created_from=2026-01-01&tz=Mars/Base', 'tz'],
      ['city=' + 'x'.repeat(201), 'city'],
      ['country=%01', 'country'],
      ['ordering=owners', 'ordering'],
    ]) {
      const res = await call(s.app, 'GET', `/api/customers/?${query}`, { token: access })
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(errorOf(res).fields ?? {}), query).toContain(field)
      const csv = await call(s.app, 'GET', `/api/customers/export/?${query}`, { token: access })
      expect(csv.statusCode, query).toBe(400)
    }
  })
})

describe('order filters', () => {
  it('match statuses, amount range and created dates, with search, ordering, after and export', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const ada = await createCustomer(s.app, access, { name: 'Ada' })
    const bob = await createCustomer(s.app, access, { name: 'Bob' })
    const made = []
    for (const [customer, status, amount, at] of [
      [ada, 'Pending', '5.00', '2026-04-01T10:00:00Z'],
      [ada, 'Delivered', '10.00', '2026-04-02T10:00:00Z'],
      [bob, 'Out for delivery', '10.01', '2026-04-03T10:00:00Z'],
      [bob, 'Pending', '99.99', '2026-04-04T10:00:00Z'],
      [ada, 'Delivered', '100.00', '2026-04-05T10:00:00Z'],
    ] as const) {
      const order = await createOrder(s.app, access, {
        customer: customer.id,
        status,
        total_Amount: amount,
      })
      await created('orders', order.id, at)
      made.push(order.id)
    }
    const [o1, o2, o3, o4, o5] = made
    expect(await orderIds(access, 'status=pending,%20DELIVERED&ordering=id')).toEqual([
      o1,
      o2,
      o4,
      o5,
    ])
    expect(await orderIds(access, 'status=Pending,Pending&ordering=id')).toEqual([o1, o4])
    expect(await orderIds(access, 'amount_min=10&amount_max=99.99&ordering=id')).toEqual([
      o2,
      o3,
      o4,
    ])
    expect(await orderIds(access, 'amount_min=10.01&ordering=-total_Amount')).toEqual([o5, o4, o3])
    expect(
      await orderIds(access, 'status=Pending,Delivered&amount_max=10&search=ada&ordering=id'),
    ).toEqual([o1, o2])
    expect(
      await orderIds(
        access,
        'created_from=2026-04-02&created_to=2026-04-04&search=bob&ordering=id',
      ),
    ).toEqual([o3, o4])
    const page = await list<OrderList>(
      access,
      '/api/orders/?status=Pending,Delivered&limit=2&ordering=id',
    )
    expect([page.count, page.count_exact]).toEqual([4, true])
    const rest = await list<OrderList>(
      access,
      `/api/orders/?status=Pending,Delivered&ordering=id&after=${page.next}`,
    )
    expect(rest.Orders.map((o) => o.id)).toEqual([o4, o5])
    const amounts = await list<OrderList>(access, '/api/orders/?amount_min=10&limit=1')
    expect([amounts.count, amounts.count_exact]).toEqual([4, true])
    const csv = await call(s.app, 'GET', '/api/orders/export/?status=delivered&amount_min=50', {
      token: access,
    })
    expect(
      csv.body
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => Number(l.split(',')[0])),
    ).toEqual([o5])
  })

  it('refuses an unknown status, a non-number amount or an impossible date with 400 and fields', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    for (const [query, field] of [
      ['status=Lost', 'status'],
      ['status=Pending,', 'status'],
      ['status=', 'status'],
      ['amount_min=ten', 'amount_min'],
      ['amount_max=-1', 'amount_max'],
      ['amount_max=1e3', 'amount_max'],
      ['created_to=2026-13-01', 'created_to'],
    ]) {
      const res = await call(s.app, 'GET', `/api/orders/?${query}`, { token: access })
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(errorOf(res).fields ?? {}), query).toContain(field)
      const csv = await call(s.app, 'GET', `/api/orders/export/?${query}`, { token: access })
      expect(csv.statusCode, query).toBe(400)
    }
  })
})

describe('statistics for the filters', () => {
  it('counts customers per country as stored (deleted and empty left out), largest first', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    for (const country of ['Norway', 'Chile', ' Norway ', 'Chile', 'Norway', '', 'Peru']) {
      await createCustomer(s.app, access, { country })
    }
    const gone = await createCustomer(s.app, access, { country: 'Peru' })
    await call(s.app, 'DELETE', `/api/customers/${gone.id}/`, { token: access })
    const res = await list<CustomersByCountry>(access, '/api/stats/customers-by-country/')
    expect(res.countries).toEqual([
      { country: 'Norway', count: 3 },
      { country: 'Chile', count: 2 },
      { country: 'Peru', count: 1 },
    ])
    expect((await call(s.app, 'GET', '/api/stats/customers-by-country/')).statusCode).toBe(401)
  })

  it('sums each status’s amounts, deleted orders left out', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const c = await createCustomer(s.app, access)
    await createOrder(s.app, access, { customer: c.id, status: 'Pending', total_Amount: '0.10' })
    await createOrder(s.app, access, { customer: c.id, status: 'Pending', total_Amount: '0.20' })
    const gone = await createOrder(s.app, access, {
      customer: c.id,
      status: 'Delivered',
      total_Amount: 7,
    })
    await call(s.app, 'DELETE', `/api/orders/${gone.id}/`, { token: access })
    const res = await list<OrdersByStatus>(access, '/api/stats/orders-by-status/')
    expect(res.statuses.map((x) => x.total_amount)).toEqual(['0.30', '0.00', '0.00'])
  })
})
