import { describe, expect, it } from 'vitest'
import type { SalesReport } from '../../src/shared/reports'
import { createAgentAndLogin } from './helpers/factories'
import { addOrder } from './helpers/sales-data'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

async function report(query: string): Promise<SalesReport> {
  const { access } = await createAgentAndLogin(s.app, s.database)
  const res = await call(s.app, 'GET', `/api/reports/sales/?${query}`, { token: access })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<SalesReport>()
}

const entry = (start: string, orders: number, revenue: string) => ({ start, orders, revenue })

describe('GET /api/reports/sales/: days in the asked time zone', () => {
  it('puts an order at 23:30 UTC on the next day in Berlin and the same day in New York', async () => {
    await addOrder(s.database, { at: '2026-03-10T23:30:00Z', amount: '10.00' })
    const period = 'from=2026-03-10&to=2026-03-11'
    const berlin = await report(`${period}&tz=Europe/Berlin`)
    expect(berlin).toMatchObject({ interval: 'day', tz: 'Europe/Berlin' })
    expect(berlin.series).toEqual([entry('2026-03-10', 0, '0.00'), entry('2026-03-11', 1, '10.00')])
    const newYork = await report(`${period}&tz=America/New_York`)
    expect(newYork.series).toEqual([
      entry('2026-03-10', 1, '10.00'),
      entry('2026-03-11', 0, '0.00'),
    ])
    // Without tz the days are UTC's; a zone in other capitals is answered in its own.
    expect((await report(period)).tz).toBe('UTC')
    expect((await report(`${period}&tz=europe/berlin`)).series[1]?.orders).toBe(1)
  })

  it("asks the database with the zone's full name, so a short alias means the same zone", async () => {
    // To PostgreSQL alone 'IST' is an abbreviation (Israel, +02:00); it names India (+05:30).
    await addOrder(s.database, { at: '2026-03-10T19:00:00Z', amount: '3.00' })
    const answer = await report('from=2026-03-10&to=2026-03-11&tz=IST')
    expect(answer.tz).toBe('Asia/Calcutta')
    expect(answer.series).toEqual([entry('2026-03-10', 0, '0.00'), entry('2026-03-11', 1, '3.00')])
  })

  it('counts the days of a daylight-saving change by their own offsets, to the last minute', async () => {
    // Berlin moves from +01:00 to +02:00 on 2026-03-29.
    const orders: [string, string][] = [
      ['2026-03-27T22:59:00Z', '64.00'], // 27th 23:59: the previous period
      ['2026-03-27T23:30:00Z', '1.00'], // 28th 00:30
      ['2026-03-28T23:30:00Z', '2.00'], // 29th 00:30
      ['2026-03-29T21:30:00Z', '4.00'], // 29th 23:30 (+02:00)
      ['2026-03-29T22:30:00Z', '8.00'], // 30th 00:30
      ['2026-03-30T21:59:00Z', '16.00'], // 30th 23:59
      ['2026-03-30T22:00:00Z', '32.00'], // 31st 00:00: after the period
    ]
    for (const [at, amount] of orders) await addOrder(s.database, { at, amount })
    const answer = await report('from=2026-03-28&to=2026-03-30&tz=Europe/Berlin')
    expect(answer.series).toEqual([
      entry('2026-03-28', 1, '1.00'),
      entry('2026-03-29', 2, '6.00'),
      entry('2026-03-30', 2, '24.00'),
    ])
    expect(answer.totals).toMatchObject({ orders: 5, revenue: '31.00', average_order: '6.20' })
    expect(answer.previous).toMatchObject({ from: '2026-03-25', to: '2026-03-27', orders: 1 })
  })
})

describe('GET /api/reports/sales/: zones off the quarter hour', () => {
  it('puts each order on its own local day when a zone kept local mean time', async () => {
    // Monrovia ran 44 min 30 s behind UTC until 1972: 1970-01-02 began at 00:44:30 UTC.
    // Orders summed per UTC hour first would put both on the 1st.
    await addOrder(s.database, { at: '1970-01-02T00:40:00Z', amount: '1.00' })
    await addOrder(s.database, { at: '1970-01-02T00:50:00Z', amount: '2.00' })
    const answer = await report('from=1970-01-01&to=1970-01-02&tz=Africa/Monrovia')
    expect(answer.series).toEqual([entry('1970-01-01', 1, '1.00'), entry('1970-01-02', 1, '2.00')])
  })
})

describe('GET /api/reports/sales/: intervals', () => {
  it('starts the first week at from and each later one on a Monday', async () => {
    await addOrder(s.database, { at: '2026-03-08T12:00:00Z', amount: '5.00' }) // Sunday
    await addOrder(s.database, { at: '2026-03-09T00:00:00Z', amount: '7.00' }) // Monday
    await addOrder(s.database, { at: '2026-03-22T23:59:00Z', amount: '1.00' })
    await addOrder(s.database, { at: '2026-03-23T00:00:00Z', amount: '100.00' }) // after `to`
    const answer = await report('from=2026-03-04&to=2026-03-22&interval=week')
    expect(answer.interval).toBe('week')
    expect(answer.series).toEqual([
      entry('2026-03-04', 1, '5.00'),
      entry('2026-03-09', 1, '7.00'),
      entry('2026-03-16', 1, '1.00'),
    ])
  })

  it('cuts months on the 1st and keeps the empty ones as zeros', async () => {
    await addOrder(s.database, { at: '2026-01-14T12:00:00Z', amount: '9.00' }) // before `from`
    await addOrder(s.database, { at: '2026-01-31T12:00:00Z', amount: '3.00' })
    await addOrder(s.database, { at: '2026-02-15T12:00:00Z', amount: '4.00' })
    await addOrder(s.database, { at: '2026-02-16T12:00:00Z', amount: '4.50' })
    const answer = await report('from=2026-01-15&to=2026-04-10&interval=month')
    expect(answer.series).toEqual([
      entry('2026-01-15', 1, '3.00'),
      entry('2026-02-01', 2, '8.50'),
      entry('2026-03-01', 0, '0.00'),
      entry('2026-04-01', 0, '0.00'),
    ])
  })

  it('chooses day up to 62 days, week up to 366, month beyond; 30 days ending today by default', async () => {
    const intervals = await Promise.all(
      // 62, 63, 366 and 367 days
      ['2026-03-02', '2026-03-01', '2025-05-02', '2025-05-01'].map(
        async (from) => (await report(`from=${from}&to=2026-05-02`)).interval,
      ),
    )
    expect(intervals).toEqual(['day', 'week', 'week', 'month'])
    const answer = await report('tz=Pacific/Kiritimati')
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format()
    expect(answer).toMatchObject({ to: today, interval: 'day' })
    expect(answer.series).toHaveLength(30)
    expect(answer.series[0]?.start).toBe(answer.from)
  })
})
