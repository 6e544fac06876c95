import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import type { OrderList } from '../../src/shared/order'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { expectKeptAsRecounted } from './helpers/kept-totals'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

/** 1,500 orders: amounts with every kind of cents from 0.00 to 299.99, a few deleted. */
async function fill(db: Db): Promise<void> {
  await db.execute(sql`
    insert into orders (status, total_amount, deleted_at)
    select (array['Pending', 'Out for delivery', 'Delivered'])[1 + g % 3],
           ((g * 7919) % 30000) / 100.0,
           case when g % 37 = 0 then now() end
    from generate_series(1, 1500) g`)
}

/** The orders counted one by one. */
async function counted(db: Db, statuses: string[] | undefined, min?: string, max?: string) {
  const result = await db.execute(sql`
    select count(*)::int as n from orders
    where deleted_at is null
      and ${
        statuses
          ? sql`status in (${sql.join(
              statuses.map((x) => sql`${x}`),
              sql`, `,
            )})`
          : sql`true`
      }
      and (${min ?? null}::numeric is null or total_amount >= ${min ?? null}::numeric)
      and (${max ?? null}::numeric is null or total_amount <= ${max ?? null}::numeric)`)
  return (result as { rows: { n: number }[] }).rows[0]?.n
}

async function kept(db: Db) {
  const result = await db.execute(sql`
    select status, whole::int, n from order_amount_counts where n <> 0 order by 1, 2`)
  return { counts: (result as { rows: unknown[] }).rows }
}

// Whole and fractional bounds, one bound or both, narrower than a whole amount, within
// one, across one, equal, and beyond every amount.
const RANGES: [string | undefined, string | undefined][] = [
  ['10', '20'],
  ['10.01', '19.99'],
  ['10.5', undefined],
  [undefined, '150.25'],
  ['42.10', '42.90'],
  ['42.90', '43.10'],
  ['99.99', '100'],
  ['57.13', '57.13'],
  ['0', '299.99'],
  ['250', '5000'],
  ['300', undefined],
]
const STATUSES = [undefined, ['Pending'], ['Pending', 'Delivered'], ['Out for delivery']]

describe('orders kept per status and whole amount', () => {
  it('give an amount range’s total as counting its orders does, with and without statuses', async () => {
    const { db } = s.database
    const { access } = await createAgentAndLogin(s.app, s.database)
    await fill(db)
    for (const statuses of STATUSES) {
      for (const [min, max] of RANGES) {
        const query = new URLSearchParams({ limit: '1' })
        if (statuses) query.set('status', statuses.join(','))
        if (min !== undefined) query.set('amount_min', min)
        if (max !== undefined) query.set('amount_max', max)
        const res = await call(s.app, 'GET', `/api/orders/?${query.toString()}`, { token: access })
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json<OrderList>().count, query.toString()).toBe(
          await counted(db, statuses, min, max),
        )
      }
    }
  })

  it('follow every change of orders, as counting them again finds', async () => {
    const { db } = s.database
    const { access } = await createAgentAndLogin(s.app, s.database)
    await fill(db)
    await expectKeptAsRecounted(db, kept, 'recount_order_amount_counts')
    await db.execute(sql`update orders set status = 'Delivered' where id % 5 = 0`)
    await db.execute(sql`update orders set total_amount = total_amount + 1.5 where id % 7 = 0`)
    await db.execute(sql`update orders set deleted_at = now() where id % 11 = 0`)
    await db.execute(sql`update orders set deleted_at = null where id % 22 = 0`)
    await db.execute(sql`update orders set version = version + 1`)
    await db.execute(sql`delete from orders where id % 13 = 0`)
    await expectKeptAsRecounted(db, kept, 'recount_order_amount_counts')
    // Through the API: an order made, changed, deleted and restored.
    const customer = await createCustomer(s.app, access, { name: 'Ada' })
    const made = await call(s.app, 'POST', '/api/orders/', {
      token: access,
      body: { customer: customer.id, status: 'Pending', total_Amount: '12.34' },
    })
    expect(made.statusCode, made.body).toBe(201)
    const { id, version } = made.json<{ id: number; version: number }>()
    const changed = await call(s.app, 'PUT', `/api/orders/${id}/`, {
      token: access,
      body: { customer: customer.id, status: 'Delivered', total_Amount: '56.78', version },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await call(s.app, 'DELETE', `/api/orders/${id}/`, { token: access })).statusCode).toBe(
      204,
    )
    await expectKeptAsRecounted(db, kept, 'recount_order_amount_counts')
    const restored = await call(s.app, 'POST', `/api/orders/${id}/restore/`, { token: access })
    expect(restored.statusCode, restored.body).toBe(200)
    await expectKeptAsRecounted(db, kept, 'recount_order_amount_counts')
  })
})
