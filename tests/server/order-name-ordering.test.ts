import { describe, expect, it } from 'vitest'
import type { OrderList } from '../../src/shared/order'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

/**
 * ordering=customer_name reads the name kept on each order (migration 0013): it must follow
 * a rename, a delete (no customer: first) and a restore, as the join it replaced did.
 */
describe('orders by customer name', () => {
  it('follows renames, deletes and restores of the customer', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const token = agent.access
    const bea = await createCustomer(s.app, token, { name: 'Bea' })
    const cal = await createCustomer(s.app, token, { name: 'cal' })
    const beaOrder = await createOrder(s.app, token, { customer: bea.id })
    const calOrder = await createOrder(s.app, token, { customer: cal.id })
    const names = async () => {
      const res = await call(s.app, 'GET', '/api/orders/?ordering=customer_name&limit=10', {
        token,
      })
      return res.json<OrderList>().Orders.map((o) => [o.id, o.customer_name])
    }
    expect(await names()).toEqual([
      [beaOrder.id, 'Bea'],
      [calOrder.id, 'cal'],
    ])

    const renamed = await call(s.app, 'PUT', `/api/customers/${bea.id}/`, {
      token,
      body: { ...bea, name: 'Dora' },
    })
    expect(renamed.statusCode).toBe(200)
    expect(await names()).toEqual([
      [calOrder.id, 'cal'],
      [beaOrder.id, 'Dora'],
    ])

    expect((await call(s.app, 'DELETE', `/api/customers/${cal.id}/`, { token })).statusCode).toBe(
      204,
    )
    expect(await names()).toEqual([
      [calOrder.id, null],
      [beaOrder.id, 'Dora'],
    ])

    const restored = await call(s.app, 'POST', `/api/customers/${cal.id}/restore/`, { token })
    expect(restored.statusCode).toBe(200)
    expect(await names()).toEqual([
      [calOrder.id, 'cal'],
      [beaOrder.id, 'Dora'],
    ])

    const moved = await call(s.app, 'PUT', `/api/orders/${calOrder.id}/`, {
      token,
      body: { customer: bea.id, status: 'Pending', total_Amount: '10.00' },
    })
    expect(moved.statusCode).toBe(200)
    expect(await names()).toEqual([
      [beaOrder.id, 'Dora'],
      [calOrder.id, 'Dora'],
    ])
  })
})
