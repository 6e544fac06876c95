import { describe, expect, it } from 'vitest'
import type { CustomerList } from '../../src/shared/customer'
import type { OrderList } from '../../src/shared/order'
import { seedDemo } from '../../src/server/seed'
import { createAgentAndLogin } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

function importCsv(token: string, kind: string, csv: string, query = '') {
  return s.app.inject({
    method: 'POST',
    url: `/api/${kind}/import/${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: csv,
  })
}

async function listed<T>(token: string, path: string): Promise<T> {
  const res = await call(s.app, 'GET', `${path}?ordering=id`, { token })
  return res.json<T>()
}

describe('CSV import: date_created', () => {
  it('keeps the given dates (a date alone at 12:00 UTC; empty or missing: now)', async () => {
    const { access: token } = await createAgentAndLogin(s.app, s.database)
    const before = Date.now()
    const customers = [
      'name,city,Date Created',
      'Ada,London,2024-02-29',
      'Bob,Paris,2025-06-01T09:30:00+02:00',
      'Cy,Rome,2025-06-01T07:30:00.250Z',
      'Dee,Oslo,',
    ].join('\n')
    expect((await importCsv(token, 'customers', customers)).json()).toMatchObject({ created: 4 })
    const people = (await listed<CustomerList>(token, '/api/customers/')).Customers
    expect(people.slice(0, 3).map((c) => c.date_created)).toEqual([
      '2024-02-29T12:00:00.000Z',
      '2025-06-01T07:30:00.000Z',
      '2025-06-01T07:30:00.250Z',
    ])
    expect(Date.parse(people[3]?.date_created ?? '')).toBeGreaterThanOrEqual(before - 1000)

    const orders = `customer,status,total_amount,date_created\n${people[0]?.id},Delivered,12.50,2023-01-15`
    expect((await importCsv(token, 'orders', orders)).statusCode).toBe(200)
    const [order] = (await listed<OrderList>(token, '/api/orders/')).Orders
    expect(order?.date_created).toBe('2023-01-15T12:00:00.000Z')
  })

  it('refuses a malformed or future date with the line and field', async () => {
    const { access: token } = await createAgentAndLogin(s.app, s.database)
    const future = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10)
    const csv = `name,date_created\nA,2025-02-29\nB,yesterday\nC,${future}\nD,2025-01-01T25:00Z`
    const res = await importCsv(token, 'customers', csv)
    expect(res.statusCode).toBe(400)
    expect(res.json<{ errors: { line: number; field: string }[] }>().errors).toEqual([
      { line: 2, field: 'date_created', message: expect.stringContaining('2026-01-31') as unknown },
      { line: 3, field: 'date_created', message: expect.stringContaining('2026-01-31') as unknown },
      { line: 4, field: 'date_created', message: 'Use a date that is not in the future.' },
      { line: 5, field: 'date_created', message: expect.stringContaining('2026-01-31') as unknown },
    ])
  })

  it('imports an export back with its dates', async () => {
    const { access: token } = await createAgentAndLogin(s.app, s.database)
    await importCsv(token, 'customers', 'name,date_created\nOld Timer,2022-05-05T05:05:05Z')
    const exported = (await call(s.app, 'GET', '/api/customers/export/', { token })).body
    await importCsv(token, 'customers', exported)
    const people = (await listed<CustomerList>(token, '/api/customers/')).Customers
    expect(people.map((c) => c.date_created)).toEqual([
      '2022-05-05T05:05:05.000Z',
      '2022-05-05T05:05:05.000Z',
    ])
  })
})

describe('seed-demo', () => {
  it('spreads date_created over the last three years', async () => {
    const { access: token } = await createAgentAndLogin(s.app, s.database)
    await seedDemo(s.database.db, { customers: 400, orders: 400 })
    const dates = async (path: string, key: 'Customers' | 'Orders') => {
      const res = await call(s.app, 'GET', `${path}?ordering=date_created&limit=500`, { token })
      const rows = res.json<Record<string, { date_created: string }[]>>()[key] ?? []
      return rows.map((row) => Date.parse(row.date_created))
    }
    const year = 365 * 86_400_000
    for (const [path, key] of [
      ['/api/customers/', 'Customers'],
      ['/api/orders/', 'Orders'],
    ] as const) {
      const times = await dates(path, key)
      expect(Date.now() - (times[0] ?? 0), path).toBeGreaterThan(2.5 * year)
      expect(Date.now() - (times[0] ?? 0), path).toBeLessThanOrEqual(3 * year + 86_400_000)
    }
    // Numbered as they joined, the oldest first, as a business's own customers are.
    const res = await call(s.app, 'GET', '/api/customers/?ordering=date_created&limit=500', {
      token,
    })
    const ids = res.json<{ Customers: { id: number }[] }>().Customers.map((c) => c.id)
    expect(ids).toHaveLength(400)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })
})
