import { describe, expect, it } from 'vitest'
import type { SalesReport } from '../../src/shared/reports'
import { createAgentAndLogin } from './helpers/factories'
import { addCustomer, addOrder } from './helpers/sales-data'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

async function signIn() {
  return (await createAgentAndLogin(s.app, s.database)).access
}

async function report(token: string, query: string): Promise<SalesReport> {
  const res = await call(s.app, 'GET', `/api/reports/sales/?${query}`, { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<SalesReport>()
}

const share = (orders: number, revenue: string) => ({ orders, revenue })

describe('GET /api/reports/sales/: figures', () => {
  it('compares with the period before, leaving deleted orders and customers out', async () => {
    const token = await signIn()
    const ada = await addCustomer(s.database, {
      name: 'Ada',
      city: 'London',
      at: '2026-03-02T09:00:00Z',
    })
    const bob = await addCustomer(s.database, {
      name: 'Bob',
      city: 'Paris',
      at: '2026-02-10T09:00:00Z',
    })
    await addCustomer(s.database, { name: 'Cy', city: 'London', at: '2026-01-28T09:00:00Z' })
    const dee = await addCustomer(s.database, {
      name: 'Dee',
      city: 'Rome',
      at: '2026-03-03T09:00:00Z',
    })
    await addCustomer(s.database, { name: 'Eve', at: '2026-03-31T23:59:59Z' })
    const march = (day: string) => `2026-03-${day}T12:00:00Z`
    await addOrder(s.database, {
      at: march('05'),
      amount: '10.00',
      customer: ada,
      status: 'Delivered',
    })
    await addOrder(s.database, { at: march('06'), amount: '0.01', customer: ada })
    await addOrder(s.database, {
      ...{ at: march('07'), amount: '5.00', customer: bob, status: 'Out for delivery' },
    })
    await addOrder(s.database, {
      at: march('08'),
      amount: '20.00',
      customer: dee,
      status: 'Delivered',
    })
    const gone = await addOrder(s.database, { at: march('09'), amount: '1000.00', customer: ada })
    await addOrder(s.database, { at: '2026-01-28T23:59:00Z', amount: '50.00' }) // before both
    await addOrder(s.database, { at: '2026-01-29T00:00:00Z', amount: '3.00', customer: bob })
    await addOrder(s.database, { at: '2026-02-28T23:59:59Z', amount: '4.00' })
    // Deleted the way a user deletes: the customer's orders stay, without a customer.
    expect((await call(s.app, 'DELETE', `/api/orders/${gone}`, { token })).statusCode).toBe(204)
    expect((await call(s.app, 'DELETE', `/api/customers/${dee}`, { token })).statusCode).toBe(204)

    const answer = await report(token, 'from=2026-03-01&to=2026-03-31')
    expect(answer).toMatchObject({ from: '2026-03-01', to: '2026-03-31', interval: 'day' })
    expect(answer.totals).toEqual({
      revenue: '35.01',
      orders: 4,
      average_order: '8.75',
      new_customers: 2,
    })
    expect(answer.previous).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
      revenue: '7.00',
      orders: 2,
      average_order: '3.50',
      new_customers: 1,
    })
    expect(answer.series).toHaveLength(31)
    expect(answer.series[4]).toEqual({ start: '2026-03-05', orders: 1, revenue: '10.00' })
    expect(answer.series[8]).toEqual({ start: '2026-03-09', orders: 0, revenue: '0.00' })
    expect(answer.by_status).toEqual([
      { status: 'Pending', ...share(1, '0.01') },
      { status: 'Out for delivery', ...share(1, '5.00') },
      { status: 'Delivered', ...share(2, '30.00') },
    ])
    // Dee's order counts in the totals, but has no live customer: no city, no top customer.
    expect(answer.by_city).toEqual([
      { city: 'London', ...share(2, '10.01') },
      { city: 'Paris', ...share(1, '5.00') },
    ])
    expect(answer.other_cities).toEqual(share(0, '0.00'))
    expect(answer.top_customers).toEqual([
      { id: ada, name: 'Ada', ...share(2, '10.01') },
      { id: bob, name: 'Bob', ...share(1, '5.00') },
    ])
  })

  it('rounds an average half up to the cent, and answers zeros for an empty period', async () => {
    const token = await signIn()
    await addOrder(s.database, { at: '2026-06-01T08:00:00Z', amount: '10.00' })
    await addOrder(s.database, { at: '2026-06-01T09:00:00Z', amount: '0.01' })
    const answer = await report(token, 'from=2026-06-01&to=2026-06-01')
    expect(answer.totals).toMatchObject({ revenue: '10.01', orders: 2, average_order: '5.01' })
    const empty = await report(token, 'from=2026-05-01&to=2026-05-02')
    expect(empty.totals).toEqual({
      revenue: '0.00',
      orders: 0,
      average_order: '0.00',
      new_customers: 0,
    })
    expect(empty.by_city).toEqual([])
    expect(empty.top_customers).toEqual([])
    expect(empty.by_status.map((x) => x.revenue)).toEqual(['0.00', '0.00', '0.00'])
  })

  it('keeps ten cities (ties by name) and ten customers (ties by id), the rest in other_cities', async () => {
    const token = await signIn()
    const people: [string, string][] = [
      ['Oslo', '50.00'],
      ['Bergen', '50.00'],
      ['Lima', '40.00'],
      ['Kyiv', '30.00'],
      ['Quito', '29.00'],
      ['Accra', '28.00'],
      ['Dakar', '27.00'],
      ['Hanoi', '26.00'],
      ['Cairo', '20.00'],
      ['Zagreb', '20.00'],
      ['Baku', '20.00'],
      ['', '100.00'],
    ]
    const ids: number[] = []
    for (const [n, [city, amount]] of people.entries()) {
      const id = await addCustomer(s.database, { name: `Person ${n + 1}`, city })
      await addOrder(s.database, { at: '2026-04-10T10:00:00Z', amount, customer: id })
      ids.push(id)
    }
    const answer = await report(token, 'from=2026-04-01&to=2026-04-30')
    expect(answer.by_city.map((c) => c.city)).toEqual([
      ...['Bergen', 'Oslo', 'Lima', 'Kyiv', 'Quito', 'Accra', 'Dakar', 'Hanoi', 'Baku', 'Cairo'],
    ])
    expect(answer.by_city[0]).toEqual({ city: 'Bergen', ...share(1, '50.00') })
    expect(answer.other_cities).toEqual(share(2, '120.00'))
    const top = answer.top_customers.map((c) => c.id)
    expect(top).toEqual([ids[11], ...ids.slice(0, 9)])
    expect(answer.top_customers[1]).toEqual({ id: ids[0], name: 'Person 1', ...share(1, '50.00') })
  })
})
