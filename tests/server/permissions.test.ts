import { describe, expect, it } from 'vitest'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { anyString, call, useTestApp } from './helpers/test-app'

const s = useTestApp()

/** Everything a Tester could try to change, with good and with bad bodies. */
async function setup() {
  const writer = await createAgentAndLogin(s.app, s.database, 'Agent')
  const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
  const customer = await createCustomer(s.app, writer.access)
  const order = await createOrder(s.app, writer.access, { customer: customer.id })
  const snapshot = async () => ({
    customers: (
      await call(s.app, 'GET', '/api/customers', { token: writer.access })
    ).json<unknown>(),
    orders: (await call(s.app, 'GET', '/api/orders', { token: writer.access })).json<unknown>(),
  })
  const goodCustomer = { name: 'Changed', email: '', city: '', country: '', phone: '' }
  const goodOrder = { customer: customer.id, status: 'Delivered', total_Amount: '1.00' }
  const writes = [
    ['POST', '/api/customers/', goodCustomer],
    ['PUT', `/api/customers/${customer.id}`, goodCustomer],
    ['DELETE', `/api/customers/${customer.id}/`, undefined],
    ['POST', '/api/orders', goodOrder],
    ['PUT', `/api/orders/${order.id}/`, goodOrder],
    ['DELETE', `/api/orders/${order.id}`, undefined],
  ] as const
  return { writer, tester, customer, order, snapshot, writes }
}

describe('a Tester may read but not write', () => {
  it('answers 403 to every customer and order write and changes nothing', async () => {
    const { tester, snapshot, writes } = await setup()
    const before = await snapshot()
    for (const [method, url, body] of writes) {
      const res = await call(s.app, method, url, { token: tester.access, body })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json()).toEqual({ error: anyString })
    }
    expect(await snapshot()).toEqual(before)
  })

  it('answers 403 before validating: bad bodies, bad ids, unknown ids', async () => {
    const { tester, snapshot } = await setup()
    const before = await snapshot()
    const attempts = [
      ['POST', '/api/customers', { name: '' }],
      ['POST', '/api/customers', null],
      ['PUT', '/api/customers/abc', 'nonsense'],
      ['PUT', '/api/customers/424242', {}],
      ['DELETE', '/api/customers/999999999999999', undefined],
      ['POST', '/api/orders', { customer: 'x', status: 'Lost' }],
      ['PUT', '/api/orders/-1', []],
      ['DELETE', '/api/orders/424242', undefined],
    ] as const
    for (const [method, url, body] of attempts) {
      const res = await call(s.app, method, url, { token: tester.access, body })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
    const malformed = await s.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${tester.access}`, 'content-type': 'application/json' },
      payload: '{ not json',
    })
    expect(malformed.statusCode).toBe(403)
    expect(await snapshot()).toEqual(before)
  })

  it('lets a Tester read lists, records and statistics', async () => {
    const { tester, customer, order } = await setup()
    for (const url of [
      '/api/customers',
      `/api/customers/${customer.id}`,
      '/api/orders',
      `/api/orders/${order.id}`,
      '/api/stats/customers-by-city',
      '/api/stats/orders-by-status',
    ]) {
      expect((await call(s.app, 'GET', url, { token: tester.access })).statusCode, url).toBe(200)
    }
  })

  it('lets an Agent and an Admin do the same writes', async () => {
    const { writer, writes } = await setup()
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const expected = [201, 200, 204, 201, 200, 204]
    for (const [index, [method, url, body]] of writes.entries()) {
      // The customer is deleted on the third write, so later order writes name a fresh one.
      const fresh = index >= 3 ? await createCustomer(s.app, writer.access) : undefined
      const payload = fresh && body && 'customer' in body ? { ...body, customer: fresh.id } : body
      const token = index % 2 === 0 ? writer.access : admin.access
      const res = await call(s.app, method, url, { token, body: payload })
      expect(res.statusCode, `${method} ${url}`).toBe(expected[index])
    }
  })
})
