import { describe, expect, it } from 'vitest'
import { createAgentAndLogin } from './helpers/factories'
import { addOrder } from './helpers/sales-data'
import { call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

describe('GET /api/reports/sales/: bad input', () => {
  it('answers 400 with the field for every malformed or out-of-bounds parameter', async () => {
    const { access: token } = await createAgentAndLogin(s.app, s.database)
    const cases: [string, string][] = [
      ['from=2026-02-30', 'from'],
      ['from=0999-12-31&to=1000-01-01', 'from'],
      ['to=20260101', 'to'],
      ['to=2026-1-5', 'to'],
      ['from=yesterday', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      // A start after today, with `to` left to its default (today).
      ['from=9999-01-01', 'to'],
      // 3,654 days.
      ['from=2016-01-01&to=2026-01-01', 'from'],
      ['interval=year', 'interval'],
      ['interval=', 'interval'],
      ['tz=Mars/Olympus', 'tz'],
      ['tz=%2B01:00', 'tz'],
      ['tz=Europe/Berlin%27;drop%20table%20orders;--', 'tz'],
      [`tz=${'A'.repeat(300)}`, 'tz'],
      ['from=2026-01-01&from=2026-01-02', 'from'],
    ]
    for (const [query, field] of cases) {
      for (const path of ['/api/reports/sales/', '/api/reports/sales/export/']) {
        const res = await call(s.app, 'GET', `${path}?${query}`, { token })
        expect(res.statusCode, `${path}?${query}`).toBe(400)
        expect(Object.keys(errorOf(res).fields ?? {}), query).toEqual([field])
      }
    }
  })

  it('takes exactly ten years, and asks for a token', async () => {
    const { access: token } = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'GET', '/api/reports/sales/?from=2016-01-01&to=2025-12-31', {
      token,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ series: unknown[] }>().series).toHaveLength(120)
    expect((await call(s.app, 'GET', '/api/reports/sales/')).statusCode).toBe(401)
    expect((await call(s.app, 'GET', '/api/reports/sales/export/')).statusCode).toBe(401)
  })
})

describe('GET /api/reports/sales/export/', () => {
  it('answers the series as CSV: start, orders, revenue', async () => {
    const { access: token } = await createAgentAndLogin(s.app, s.database, 'Tester')
    await addOrder(s.database, { at: '2026-03-10T23:30:00Z', amount: '10.00' })
    await addOrder(s.database, { at: '2026-03-11T08:00:00Z', amount: '2.50' })
    const url = '/api/reports/sales/export/?from=2026-03-10&to=2026-03-12&tz=Europe/Berlin'
    const res = await call(s.app, 'GET', url, { token })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="sales-2026-03-10-to-2026-03-12.csv"',
    )
    expect(res.body).toBe(
      'start,orders,revenue\n2026-03-10,0,0.00\n2026-03-11,2,12.50\n2026-03-12,0,0.00\n',
    )
  })
})
