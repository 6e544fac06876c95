import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

describe('writes racing with deletes', () => {
  it('answers every order create with the committed row, even when a delete follows at once', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access)
    let creating = true
    // Another client deleting every order as soon as it can see it. (Each round gives
    // the event loop a turn: PGlite answers in microtasks, which would starve inject.)
    const deleter = (async () => {
      while (creating) {
        await s.database.db.execute(sql`delete from orders`)
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    const statuses: number[] = []
    for (let round = 0; round < 30; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          call(s.app, 'POST', '/api/orders/', {
            token: access,
            body: { customer: customer.id, status: 'Pending', total_Amount: '5.00' },
          }),
        ),
      )
      statuses.push(...answers.map((res) => res.statusCode))
    }
    creating = false
    await deleter
    expect(new Set(statuses)).toEqual(new Set([201]))
  })
})
