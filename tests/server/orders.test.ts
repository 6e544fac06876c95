import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Order, OrderList } from '../../src/shared/order'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import {
  anyNumber,
  anyObject,
  anyString,
  call,
  errorOf,
  isoDateTime,
  useTestApp,
} from './helpers/test-app'

const s = useTestApp()

async function signedInWithCustomer(name = 'Ada Lovelace') {
  const { access } = await createAgentAndLogin(s.app, s.database)
  const customer = await createCustomer(s.app, access, { name })
  return { access, customer }
}

describe('orders CRUD', () => {
  it('POST answers 201 with the order in the wire format', async () => {
    const { access, customer } = await signedInWithCustomer()
    const res = await call(s.app, 'POST', '/api/orders/', {
      token: access,
      body: { customer: customer.id, status: 'out FOR delivery', total_Amount: 125.5, id: 9 },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      id: anyNumber,
      customer: customer.id,
      customer_name: 'Ada Lovelace',
      status: 'Out for delivery',
      total_Amount: '125.50',
      date_created: isoDateTime,
      version: 1,
    })
  })

  it('accepts amounts as numeric strings and keeps two places', async () => {
    const { access, customer } = await signedInWithCustomer()
    for (const [sent, stored] of [
      ['0', '0.00'],
      ['9999999999.99', '9999999999.99'],
      [' 7.1 ', '7.10'],
    ]) {
      const order = await createOrder(s.app, access, { customer: customer.id, total_Amount: sent })
      expect(order.total_Amount).toBe(stored)
    }
  })

  it('answers 400 with fields for bad bodies, including an unknown customer', async () => {
    const { access, customer } = await signedInWithCustomer()
    const ok = { customer: customer.id, status: 'Pending', total_Amount: '1.00' }
    const amount = 'Enter an amount, like 125.50.'
    const bad = [
      [{ ...ok, customer: 424242 }, 'customer', 'Choose a customer that exists.'],
      [{ ...ok, customer: 99_999_999_999 }, 'customer', 'Choose a customer that exists.'],
      [{ ...ok, customer: 'abc' }, 'customer', 'Choose a customer.'],
      [{ ...ok, status: 'Lost' }, 'status', 'Choose one of: Pending, Out for delivery, Delivered.'],
      [{ ...ok, status: null }, 'status', 'Choose a status.'],
      [{ ...ok, total_Amount: '-1' }, 'total_Amount', amount],
      [{ ...ok, total_Amount: '' }, 'total_Amount', amount],
      [{ ...ok, total_Amount: '1.234' }, 'total_Amount', 'Use at most two decimals, like 125.50.'],
      [
        { ...ok, total_Amount: '10000000000' },
        'total_Amount',
        'Enter an amount from 0 to 9,999,999,999.99.',
      ],
      [{ ...ok, total_Amount: '1e3' }, 'total_Amount', amount],
      [{ status: 'Pending', total_Amount: '1' }, 'customer', 'Choose a customer.'],
    ] as const
    for (const [body, field, message] of bad) {
      const res = await call(s.app, 'POST', '/api/orders', { token: access, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(res).fields).toHaveProperty(field, message)
    }
    const list = await call(s.app, 'GET', '/api/orders', { token: access })
    expect(list.json()).toEqual({ Orders: [], count: 0, count_exact: true, next: null })
  })

  it('GET by id answers 200, 404 for unknown, 400 for a non-numeric id', async () => {
    const { access, customer } = await signedInWithCustomer()
    const order = await createOrder(s.app, access, { customer: customer.id })
    expect((await call(s.app, 'GET', `/api/orders/${order.id}`, { token: access })).json()).toEqual(
      order,
    )
    expect((await call(s.app, 'GET', '/api/orders/424242', { token: access })).statusCode).toBe(404)
    expect((await call(s.app, 'GET', '/api/orders/ORD-1', { token: access })).statusCode).toBe(400)
  })

  it("PUT accepts the edit form's shape: customer { id }, total_amount winning over total_Amount", async () => {
    const { access, customer } = await signedInWithCustomer()
    const other = await createCustomer(s.app, access, { name: 'Grace Hopper' })
    const order = await createOrder(s.app, access, { customer: customer.id })
    const res = await call(s.app, 'PUT', `/api/orders/${order.id}/`, {
      token: access,
      body: {
        ...order,
        customer: { id: other.id },
        status: 'delivered',
        total_amount: '99.90',
        total_Amount: '1.00',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      ...order,
      customer: other.id,
      customer_name: 'Grace Hopper',
      status: 'Delivered',
      total_Amount: '99.90',
      version: 2,
    })
    const plain = await call(s.app, 'PUT', `/api/orders/${order.id}`, {
      token: access,
      body: { customer: customer.id, status: 'Pending', total_Amount: 3 },
    })
    expect(plain.json()).toMatchObject({ customer: customer.id, total_Amount: '3.00' })
  })

  it('PUT answers 400 for an unknown customer (order unchanged) and 404 for an unknown order', async () => {
    const { access, customer } = await signedInWithCustomer()
    const order = await createOrder(s.app, access, { customer: customer.id })
    const body = { customer: { id: 424242 }, status: 'Pending', total_amount: '5' }
    const res = await call(s.app, 'PUT', `/api/orders/${order.id}`, { token: access, body })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).fields).toEqual({ customer: 'Choose a customer that exists.' })
    expect((await call(s.app, 'GET', `/api/orders/${order.id}`, { token: access })).json()).toEqual(
      order,
    )
    const ok = { customer: customer.id, status: 'Pending', total_amount: '5' }
    expect(
      (await call(s.app, 'PUT', '/api/orders/424242', { token: access, body: ok })).statusCode,
    ).toBe(404)
  })

  it('DELETE answers 204 then 404', async () => {
    const { access, customer } = await signedInWithCustomer()
    const order = await createOrder(s.app, access, { customer: customer.id })
    const res = await call(s.app, 'DELETE', `/api/orders/${order.id}`, { token: access })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(
      (await call(s.app, 'DELETE', `/api/orders/${order.id}`, { token: access })).statusCode,
    ).toBe(404)
  })
})

describe('GET /api/orders/ list parameters', () => {
  async function seed() {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const ada = await createCustomer(s.app, access, { name: 'Ada Lovelace' })
    const bob = await createCustomer(s.app, access, { name: 'Bob Pending-Smith' })
    const plan = [
      [ada.id, 'Pending', '10.00'],
      [ada.id, 'Delivered', '30.00'],
      [bob.id, 'Out for delivery', '20.00'],
      [bob.id, 'Pending', '40.00'],
      [ada.id, 'Delivered', '5.00'],
    ] as const
    const orders: Order[] = []
    for (const [customer, status, total_Amount] of plan) {
      orders.push(await createOrder(s.app, access, { customer, status, total_Amount }))
    }
    await s.database.db.execute(
      sql`update orders set date_created = timestamptz '2026-03-01T08:00:00Z' + id * interval '1 hour'`,
    )
    return { access, ada, bob, orders }
  }
  const ids = (res: LightMyRequestResponse) => res.json<OrderList>().Orders.map((o) => o.id)

  it('defaults to newest first with count', async () => {
    const { access } = await seed()
    const res = await call(s.app, 'GET', '/api/orders', { token: access })
    expect(ids(res)).toEqual([5, 4, 3, 2, 1])
    expect(res.json<{ count: number }>().count).toBe(5)
    expect(res.json<OrderList>().Orders[4]?.date_created).toBe('2026-03-01T09:00:00.000Z')
  })

  it('filters by status and customer, orders, pages, and counts before paging', async () => {
    const { access, ada } = await seed()
    const url = `/api/orders/?customer=${ada.id}&status=delivered&ordering=total_Amount&limit=1`
    const res = await call(s.app, 'GET', url, { token: access })
    expect(res.json()).toMatchObject({ count: 2, Orders: [{ id: 5, total_Amount: '5.00' }] })
    const page2 = await call(s.app, 'GET', `${url}&offset=1`, { token: access })
    expect(ids(page2)).toEqual([2])
    const byAmount = await call(s.app, 'GET', '/api/orders?ordering=-total_Amount', {
      token: access,
    })
    expect(ids(byAmount)).toEqual([4, 2, 3, 1, 5])
    const byName = await call(s.app, 'GET', '/api/orders?ordering=customer_name&limit=2', {
      token: access,
    })
    expect(ids(byName)).toEqual([1, 2])
  })

  it('searches by order id (also ORD-n), customer name and status', async () => {
    const { access } = await seed()
    const search = async (q: string) =>
      ids(
        await call(s.app, 'GET', `/api/orders?ordering=id&search=${encodeURIComponent(q)}`, {
          token: access,
        }),
      )
    expect(await search('3')).toEqual([3])
    expect(await search('ord-4')).toEqual([4])
    expect(await search('lovelace')).toEqual([1, 2, 5])
    // "pending" matches the status Pending and the customer named Pending-Smith.
    expect(await search('pending')).toEqual([1, 3, 4])
    expect(await search('DELIVER')).toEqual([2, 3, 5])
    expect(await search('%')).toEqual([])
    const res = await call(s.app, 'GET', '/api/orders?search=delivered&limit=1', { token: access })
    expect(res.json<{ count: number }>().count).toBe(2)
  })

  it.each(['status=Lost', 'customer=abc', 'limit=0', 'offset=-3', 'ordering=secret'])(
    'answers 400 for %s',
    async (query) => {
      const { access } = await createAgentAndLogin(s.app, s.database)
      const res = await call(s.app, 'GET', `/api/orders?${query}`, { token: access })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: anyString, fields: anyObject })
    },
  )

  it('answers a customer filter beyond any id with an empty list', async () => {
    const { access } = await seed()
    const res = await call(s.app, 'GET', '/api/orders?customer=999999999999999', { token: access })
    expect(res.json()).toEqual({ Orders: [], count: 0, count_exact: true, next: null })
  })
})
