import { describe, expect, it } from 'vitest'
import type { Customer } from '../../src/shared/customer'
import type { Order } from '../../src/shared/order'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

describe("edits that never overwrite another's", () => {
  it('refuses a customer edit begun from an older version with 409 and the current record', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const loaded = await createCustomer(s.app, access, { name: 'Olivia Smith', city: 'London' })
    expect(loaded.version).toBe(1)
    const first = await call(s.app, 'PUT', `/api/customers/${loaded.id}`, {
      token: access,
      body: { ...loaded, city: 'Leeds' },
    })
    expect(first.json<Customer>()).toMatchObject({ city: 'Leeds', version: 2 })
    const stale = await call(s.app, 'PUT', `/api/customers/${loaded.id}`, {
      token: access,
      body: { ...loaded, phone: '555' },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toEqual({
      error: expect.any(String) as string,
      current: first.json<Customer>(),
    })
    const now = await call(s.app, 'GET', `/api/customers/${loaded.id}`, { token: access })
    expect(now.json<Customer>()).toMatchObject({ city: 'Leeds', phone: '+44 20 0000', version: 2 })
  })

  it("writes as before without a version (the spec's bodies)", async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access)
    const body: Partial<Customer> = { ...customer }
    delete body.version
    for (const city of ['Oslo', 'Lima']) {
      const res = await call(s.app, 'PUT', `/api/customers/${customer.id}`, {
        token: access,
        body: { ...body, city },
      })
      expect(res.statusCode).toBe(200)
    }
    const now = await call(s.app, 'GET', `/api/customers/${customer.id}`, { token: access })
    expect(now.json<Customer>()).toMatchObject({ city: 'Lima', version: 3 })
  })

  it("refuses a stale order edit too, in the edit form's shape", async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access)
    const loaded = await createOrder(s.app, access, { customer: customer.id })
    const edit = (status: string) =>
      call(s.app, 'PUT', `/api/orders/${loaded.id}`, {
        token: access,
        body: { ...loaded, customer: { id: customer.id }, status, total_amount: '10.00' },
      })
    expect((await edit('Delivered')).json<Order>()).toMatchObject({
      status: 'Delivered',
      version: 2,
    })
    const stale = await edit('Out for delivery')
    expect(stale.statusCode).toBe(409)
    expect(stale.json<{ current: Order }>().current).toMatchObject({
      status: 'Delivered',
      version: 2,
    })
    expect(
      (
        await call(s.app, 'PUT', `/api/orders/${loaded.id}`, {
          token: access,
          body: { customer: customer.id, status: 'Pending', total_Amount: '1', version: 'x' },
        })
      ).statusCode,
    ).toBe(400)
  })
})
