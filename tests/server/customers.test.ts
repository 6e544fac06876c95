import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Customer, CustomerList } from '../../src/shared/customer'
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

describe('customers CRUD', () => {
  it('POST answers 201 with the trimmed customer and an ISO date_created', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'POST', '/api/customers', {
      token: access,
      body: {
        name: '  Ada  ',
        email: '',
        city: 'Paris',
        id: 99,
        date_created: '1999-01-01',
        extra: 1,
      },
    })
    expect(res.statusCode).toBe(201)
    const customer = res.json<Customer>()
    expect(customer).toEqual({
      id: anyNumber,
      name: 'Ada',
      email: '',
      city: 'Paris',
      country: '',
      phone: '',
      date_created: isoDateTime,
      version: 1,
      next_follow_up: null,
      owner: { id: anyNumber, username: anyString },
    })
    expect(customer.id).not.toBe(99)
    expect(customer.date_created.slice(0, 4)).not.toBe('1999')
  })

  it('GET by id answers 200, and 404 JSON for an unknown or huge id', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const created = await createCustomer(s.app, access)
    const res = await call(s.app, 'GET', `/api/customers/${created.id}/`, { token: access })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(created)
    for (const id of ['424242', '999999999999999']) {
      const missing = await call(s.app, 'GET', `/api/customers/${id}`, { token: access })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ error: anyString })
    }
  })

  it('PUT answers 200 with the update, ignores id and date_created, 404 for unknown', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const created = await createCustomer(s.app, access)
    const body = { ...created, id: 555, name: 'Ada King', date_created: '2000-01-01T00:00:00Z' }
    const res = await call(s.app, 'PUT', `/api/customers/${created.id}`, { token: access, body })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...created, name: 'Ada King', version: 2 })
    const missing = await call(s.app, 'PUT', '/api/customers/424242', { token: access, body })
    expect(missing.statusCode).toBe(404)
  })

  it('answers 400 with fields that say what to do for invalid bodies and changes nothing', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const created = await createCustomer(s.app, access)
    const bad = [
      [{ email: 'a@b.c' }, 'name', 'Enter a name.'],
      [{ name: '   ' }, 'name', 'Enter a name.'],
      [{ name: 'x'.repeat(201) }, 'name', 'Use at most 200 characters.'],
      [{ name: 'Ok', email: 'not an email' }, 'email', 'Enter a valid email address.'],
      [{ name: 'Ok', city: 'x'.repeat(201) }, 'city', 'Use at most 200 characters.'],
      [{ name: 'Ok', phone: 12 }, 'phone', 'Enter this as text.'],
      [{ name: 'Bell\u0007' }, 'name', 'Remove the invisible control characters.'],
    ] as const
    for (const [body, field, message] of bad) {
      for (const [method, url] of [
        ['POST', '/api/customers'],
        ['PUT', `/api/customers/${created.id}`],
      ] as const) {
        const res = await call(s.app, method, url, { token: access, body })
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(errorOf(res).fields).toHaveProperty(field, message)
      }
    }
    const list = await call(s.app, 'GET', '/api/customers', { token: access })
    expect(list.json()).toEqual({ Customers: [created], count: 1, count_exact: true, next: null })
  })

  it('DELETE answers 204 with no body; its orders stay with customer null', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access)
    const order = await createOrder(s.app, access, { customer: customer.id })
    expect(order.customer_name).toBe(customer.name)
    const res = await call(s.app, 'DELETE', `/api/customers/${customer.id}/`, { token: access })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    const gone = await call(s.app, 'GET', `/api/customers/${customer.id}`, { token: access })
    expect(gone.statusCode).toBe(404)
    const kept = await call(s.app, 'GET', `/api/orders/${order.id}`, { token: access })
    expect(kept.json()).toEqual({ ...order, customer: null, customer_name: null })
    const again = await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: access })
    expect(again.statusCode).toBe(404)
  })
})

describe('GET /api/customers/ list parameters', () => {
  async function seed(token: string) {
    const rows = [
      ['Alice Martin', 'alice@acme.io', 'Paris', 'France', '111'],
      ['Bob Stone', 'bob@stone.com', 'Lyon', 'France', '222'],
      ['Carla Diaz', 'carla@diaz.es', 'Madrid', 'Spain', '333'],
      ['Dan 100% Real', 'dan@real.com', 'Paris', 'France', '444'],
      ['Eve_Under', 'eve@under.com', 'Berlin', 'Germany', '555'],
      ['Back\\slash', 'back@slash.com', 'Rome', 'Italy', '666'],
    ]
    for (const [name, email, city, country, phone] of rows) {
      await createCustomer(s.app, token, { name, email, city, country, phone })
    }
    // Distinct, known creation times: row i created i days after 2026-01-01.
    await s.database.db.execute(
      sql`update customers set date_created = timestamptz '2026-01-01T10:00:00Z' + (id - 1) * interval '1 day'`,
    )
  }
  const names = (res: LightMyRequestResponse) =>
    res.json<CustomerList>().Customers.map((c) => c.name)

  it('defaults to newest first and returns the whole list without limit', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seed(access)
    const res = await call(s.app, 'GET', '/api/customers/', { token: access })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ count: number }>().count).toBe(6)
    expect(names(res)).toEqual([
      'Back\\slash',
      'Eve_Under',
      'Dan 100% Real',
      'Carla Diaz',
      'Bob Stone',
      'Alice Martin',
    ])
    expect(res.json<CustomerList>().Customers[5]?.date_created).toBe('2026-01-01T10:00:00.000Z')
  })

  it('combines search, ordering, limit and offset; count ignores limit', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seed(access)
    const url = '/api/customers/?search=FRANCE&ordering=-name&limit=2&offset=1'
    const res = await call(s.app, 'GET', url, { token: access })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ count: number }>().count).toBe(3)
    expect(names(res)).toEqual(['Bob Stone', 'Alice Martin'])
    const byCity = await call(s.app, 'GET', '/api/customers?ordering=city&limit=3', {
      token: access,
    })
    expect(byCity.json<CustomerList>().Customers.map((c: Customer) => c.city)).toEqual([
      'Berlin',
      'Lyon',
      'Madrid',
    ])
    expect(byCity.json<{ count: number }>().count).toBe(6)
  })

  it('searches every field, and treats % _ \\ literally', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seed(access)
    const search = async (q: string) =>
      names(
        await call(s.app, 'GET', `/api/customers?search=${encodeURIComponent(q)}&ordering=name`, {
          token: access,
        }),
      )
    expect(await search('stone.COM')).toEqual(['Bob Stone'])
    expect(await search('333')).toEqual(['Carla Diaz'])
    expect(await search('madr')).toEqual(['Carla Diaz'])
    expect(await search('%')).toEqual(['Dan 100% Real'])
    expect(await search('_')).toEqual(['Eve_Under'])
    expect(await search('\\')).toEqual(['Back\\slash'])
    expect(await search("' or 1=1 --")).toEqual([])
    expect(await search('  ')).toHaveLength(6)
  })

  it.each([
    'limit=0',
    'limit=501',
    'limit=abc',
    'limit=-1',
    'offset=-1',
    'offset=1.5',
    'ordering=password',
    'limit=1&limit=2',
  ])('answers 400 for %s', async (query) => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'GET', `/api/customers?${query}`, { token: access })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: anyString, fields: anyObject })
  })

  it('answers an offset past the end with an empty page and the full count', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seed(access)
    const res = await call(s.app, 'GET', '/api/customers?limit=500&offset=999999999999', {
      token: access,
    })
    expect(res.json()).toEqual({ Customers: [], count: 6, count_exact: true, next: null })
  })
})
