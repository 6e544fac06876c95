import { describe, expect, it } from 'vitest'
import type { CustomerSummary } from '../../src/shared/customer'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { call, errorOf, isoDateTime, useTestApp } from './helpers/test-app'

const s = useTestApp()

const summary = (token: string, id: number | string) =>
  call(s.app, 'GET', `/api/customers/${id}/summary/`, { token })

describe('GET /api/customers/{id}/summary/', () => {
  it('sums the orders exactly, to the cent, with counts per status and the dates', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access, { name: 'Olivia Smith' })
    const other = await createCustomer(s.app, access, { name: 'Someone Else' })
    // 0.10 + 0.20 is not 0.30 in floating point; 9,999,999,999.99 is the largest amount.
    const amounts = ['0.10', '0.20', '9999999999.99', '1313.51', '0.01']
    const statuses = ['Pending', 'Delivered', 'Delivered', 'Out for delivery', 'Delivered']
    const created = []
    for (const [i, amount] of amounts.entries()) {
      created.push(
        await createOrder(s.app, access, {
          customer: customer.id,
          status: statuses[i],
          total_Amount: amount,
        }),
      )
    }
    await createOrder(s.app, access, { customer: other.id, total_Amount: '5.00' })
    const deleted = await createOrder(s.app, access, {
      customer: customer.id,
      total_Amount: '7.00',
    })
    await call(s.app, 'DELETE', `/api/orders/${deleted.id}`, { token: access })

    const res = await summary(access, customer.id)
    expect(res.statusCode).toBe(200)
    const { orders_page: page, ...body } = res.json<CustomerSummary>()
    expect(body).toEqual({
      customer,
      orders: {
        count: 5,
        total_amount: '10000001313.81',
        by_status: [
          { status: 'Pending', count: 1 },
          { status: 'Out for delivery', count: 1 },
          { status: 'Delivered', count: 3 },
        ],
        first_order: created[0]?.date_created,
        last_order: created.at(-1)?.date_created,
      },
      last_contact: null,
    })
    expect(body.orders.first_order).toEqual(isoDateTime)
    // The customer page's first page of orders comes along, as the orders list gives it.
    const list = await call(s.app, 'GET', `/api/orders/?customer=${customer.id}&limit=25`, {
      token: access,
    })
    expect(page).toEqual(list.json())
    expect(page.Orders.map((order) => order.id)).toEqual(created.map((o) => o.id).reverse())
  })

  it('answers zeros and no dates for a customer without orders', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access)
    expect((await summary(access, customer.id)).json<CustomerSummary>().orders).toEqual({
      count: 0,
      total_amount: '0.00',
      by_status: [
        { status: 'Pending', count: 0 },
        { status: 'Out for delivery', count: 0 },
        { status: 'Delivered', count: 0 },
      ],
      first_order: null,
      last_order: null,
    })
  })

  it('answers 404 for a deleted or unknown customer, 400 for a bad id, 401 without a token', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access)
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: access })
    for (const id of [customer.id, 999_999, 2 ** 40]) {
      const res = await summary(access, id)
      expect(res.statusCode, String(id)).toBe(404)
      expect(errorOf(res).error).toBeTruthy()
    }
    expect((await summary(access, 'abc')).statusCode).toBe(400)
    expect((await call(s.app, 'GET', `/api/customers/1/summary/`)).statusCode).toBe(401)
  })
})
