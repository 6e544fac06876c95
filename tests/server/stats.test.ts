import { describe, expect, it } from 'vitest'
import type { OrdersByStatus } from '../../src/shared/stats'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

describe('GET /api/stats/customers-by-city/', () => {
  it('counts customers per city, largest first, ties by name, empty city left out', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    for (const city of ['Paris', 'Lyon', 'Paris', 'Berlin', 'Lyon', 'Paris', '', 'Athens']) {
      await createCustomer(s.app, access, { city })
    }
    const res = await call(s.app, 'GET', '/api/stats/customers-by-city/', { token: access })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      cities: [
        { city: 'Paris', count: 3 },
        { city: 'Lyon', count: 2 },
        { city: 'Athens', count: 1 },
        { city: 'Berlin', count: 1 },
      ],
    })
  })

  it('answers an empty list with no customers, and 401 without a token', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'GET', '/api/stats/customers-by-city', { token: access })
    expect(res.json()).toEqual({ cities: [] })
    expect((await call(s.app, 'GET', '/api/stats/customers-by-city')).statusCode).toBe(401)
  })
})

describe('GET /api/stats/orders-by-status/', () => {
  it('counts every status (0 when none) and the total', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access)
    for (const status of ['Pending', 'Delivered', 'Pending', 'Pending']) {
      await createOrder(s.app, access, { customer: customer.id, status })
    }
    const res = await call(s.app, 'GET', '/api/stats/orders-by-status/', { token: access })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      statuses: [
        { status: 'Pending', count: 3, total_amount: '30.00' },
        { status: 'Out for delivery', count: 0, total_amount: '0.00' },
        { status: 'Delivered', count: 1, total_amount: '10.00' },
      ],
      total: 4,
    })
  })

  it('keeps each status total amount through edits, status changes, deletes and restores', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access)
    const first = await createOrder(s.app, access, { customer: customer.id, total_Amount: '12.50' })
    const second = await createOrder(s.app, access, { customer: customer.id, total_Amount: '7.25' })
    const amounts = async () => {
      const res = await call(s.app, 'GET', '/api/stats/orders-by-status/', { token: access })
      return res.json<OrdersByStatus>().statuses.map((x) => `${x.count} ${x.total_amount}`)
    }
    expect(await amounts()).toEqual(['2 19.75', '0 0.00', '0 0.00'])
    // The amount alone changes: the count stays, the total follows.
    const edit = (body: object) =>
      call(s.app, 'PUT', `/api/orders/${first.id}/`, {
        token: access,
        body: { customer: customer.id, version: first.version, ...body },
      })
    expect((await edit({ status: 'Pending', total_Amount: '100.00' })).statusCode).toBe(200)
    expect(await amounts()).toEqual(['2 107.25', '0 0.00', '0 0.00'])
    const moved = await call(s.app, 'PUT', `/api/orders/${first.id}/`, {
      token: access,
      body: {
        customer: customer.id,
        version: first.version + 1,
        status: 'Delivered',
        total_Amount: '100.00',
      },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await amounts()).toEqual(['1 7.25', '0 0.00', '1 100.00'])
    const del = await call(s.app, 'DELETE', `/api/orders/${second.id}/`, { token: access })
    expect(del.statusCode).toBe(204)
    expect(await amounts()).toEqual(['0 0.00', '0 0.00', '1 100.00'])
    await call(s.app, 'POST', `/api/orders/${second.id}/restore/`, { token: access })
    expect(await amounts()).toEqual(['1 7.25', '0 0.00', '1 100.00'])
  })

  it('answers zeros with no orders, and 401 without a token', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'GET', '/api/stats/orders-by-status', { token: access })
    expect(res.json<OrdersByStatus>().total).toBe(0)
    expect(res.json<OrdersByStatus>().statuses.map((x: { count: number }) => x.count)).toEqual([
      0, 0, 0,
    ])
    expect((await call(s.app, 'GET', '/api/stats/orders-by-status')).statusCode).toBe(401)
  })
})
