import { sql, type SQLWrapper } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OrderList } from '../../src/shared/order'
import type { Db } from '../../src/server/db/client'
import { orderListQuery } from '../../src/server/repositories/orders'
import { createAgentAndLogin } from './helpers/factories'
import { addOrder } from './helpers/sales-data'
import { call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

async function seed() {
  const ids: Record<string, number> = {}
  for (const at of ['2026-03-09T23:30:00Z', '2026-03-10T23:30:00Z', '2026-03-11T12:00:00Z']) {
    ids[at] = await addOrder(s.database, { at, amount: '1.00' })
  }
  return ids
}

describe('orders list and export: created_from / created_to', () => {
  it('keeps the orders created on those days in tz, both ends included', async () => {
    const { access: token } = await createAgentAndLogin(s.app, s.database)
    const ids = await seed()
    const list = async (query: string) => {
      const res = await call(s.app, 'GET', `/api/orders/?${query}`, { token })
      expect(res.statusCode, res.body).toBe(200)
      const answer = res.json<OrderList>()
      return { ids: answer.Orders.map((o) => o.id), count: answer.count }
    }
    const berlin = await list('created_from=2026-03-11&created_to=2026-03-11&tz=Europe/Berlin')
    expect(berlin).toEqual({
      ids: [ids['2026-03-11T12:00:00Z'], ids['2026-03-10T23:30:00Z']],
      count: 2,
    })
    const newYork = await list('created_from=2026-03-10&created_to=2026-03-10&tz=America/New_York')
    expect(newYork).toEqual({ ids: [ids['2026-03-10T23:30:00Z']], count: 1 })
    // UTC without tz; either end alone.
    expect((await list('created_to=2026-03-09')).ids).toEqual([ids['2026-03-09T23:30:00Z']])
    expect((await list('created_from=2026-03-11')).count).toBe(1)
    // With paging: the count is the filter's, not the table's.
    expect(await list('created_from=2026-03-10&limit=1')).toMatchObject({ count: 2 })

    const res = await call(
      s.app,
      'GET',
      '/api/orders/export/?created_from=2026-03-10&created_to=2026-03-10&tz=America/New_York',
      { token },
    )
    expect(res.body.trim().split('\n')).toHaveLength(2)
    expect(res.body).toContain('2026-03-10T23:30:00.000Z')
  })

  it('answers 400 for a malformed date or an unknown zone', async () => {
    const { access: token } = await createAgentAndLogin(s.app, s.database)
    for (const path of ['/api/orders/', '/api/orders/export/']) {
      for (const [query, field] of [
        ['created_from=2026-13-01', 'created_from'],
        ['created_to=soon', 'created_to'],
        ['tz=Nowhere/Land', 'tz'],
      ]) {
        const res = await call(s.app, 'GET', `${path}?${query}`, { token })
        expect(res.statusCode).toBe(400)
        expect(Object.keys(errorOf(res).fields ?? {})).toEqual([field])
      }
    }
  })

  it('reads the range from orders_date_idx', async () => {
    await s.database.db.execute(sql`
      insert into orders (status, total_amount, date_created)
      select 'Pending', 1, now() - g * interval '10 minutes' from generate_series(1, 5000) g`)
    await s.database.db.execute(sql`analyze orders`)
    const query = { created_from: '2026-03-10', created_to: '2026-03-10', tz: 'Europe/Berlin' }
    const { rows, total } = orderListQuery(s.database.db, { ...query, limit: 25 })
    expect(await plan(s.database.db, rows)).toContain('orders_date_idx')
    expect(await plan(s.database.db, sql`select ${total.count}`)).toContain('orders_date_idx')
  })
})

/** The plan with sequential scans priced out, as tests/server/indexes.test.ts reads it. */
async function plan(db: Db, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    const result = await tx.execute(sql`explain ${query}`)
    const { rows } = result as { rows: Record<string, string>[] }
    return rows.map((row) => Object.values(row)[0]).join('\n')
  })
}
