import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import { purgeDeleted } from '../../src/server/repositories/purge'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { expectKeptAsRecounted } from './helpers/kept-totals'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

async function kept(db: Db) {
  const result = await db.execute(sql`
    select gram, n from search_gram_counts where n <> 0 order by 1`)
  return { runs: (result as { rows: unknown[] }).rows }
}

const expectKeptAsCounted = (db: Db) =>
  expectKeptAsRecounted(db, kept, 'recount_search_gram_counts')

describe('customers kept per run of their search text', () => {
  it('follow every change of customers, as counting them again finds', async () => {
    const { db } = s.database
    const { access } = await createAgentAndLogin(s.app, s.database)
    const made = []
    for (const [name, city] of [
      ['Ann Anna', 'Annecy'],
      ['Zoë Ängström', 'Malmö'],
      ['Bo Li', 'Oslo'],
      ['Eve 50%', 'Lima'],
      ['Dan', ''],
    ] as const) {
      made.push(await createCustomer(s.app, access, { name, city }))
    }
    const ids = made.map((customer) => customer.id)
    await expectKeptAsCounted(db)
    // Edited, deleted and restored one by one and in bulk, purged, removed while live.
    const [ann, zoe, bo, eve, dan] = ids as [number, number, number, number, number]
    const edited = await call(s.app, 'PUT', `/api/customers/${ann}`, {
      token: access,
      body: { ...made[0], name: 'Hannah', city: 'Lyon' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    await db.execute(sql`update customers set email = 'zoe@example.com' where id = ${zoe}`)
    await db.execute(sql`update customers set version = version + 1`)
    await expectKeptAsCounted(db)
    expect(
      (await call(s.app, 'DELETE', `/api/customers/${bo}`, { token: access })).statusCode,
    ).toBe(204)
    const bulk = (action: string) =>
      call(s.app, 'POST', '/api/customers/bulk/', {
        token: access,
        body: { action, ids: [eve, dan] },
      })
    expect((await bulk('delete')).statusCode).toBe(200)
    await expectKeptAsCounted(db)
    expect((await bulk('restore')).statusCode).toBe(200)
    await db.execute(
      sql`update customers set deleted_at = now() - interval '40 days' where id = ${bo}`,
    )
    await purgeDeleted(db, new Date(Date.now() - 30 * 86_400_000))
    await db.execute(sql`delete from customers where id = ${dan}`)
    await expectKeptAsCounted(db)
    const counted = await db.execute(sql`
      select count(*)::int as n from customers where deleted_at is null and search_text like '%an%'`)
    const [row] = (await kept(db)).runs.filter((r) => (r as { gram: string }).gram === 'an')
    expect(row).toEqual({ gram: 'an', n: (counted as { rows: { n: number }[] }).rows[0]?.n })
  })
})
