import { addDays, spanDays } from '../../../src/shared/days'
import { ORDER_STATUSES } from '../../../src/shared/constants'
import {
  salesReportSchema,
  type SalesReport,
  type SalesReportPeriod,
} from '../../../src/shared/reports'
import { mockDb } from './data'

/**
 * GET reports/sales/ worked out from the in-memory store, as the server would (API.md
 * "Sales reports"): days in `tz`, intervals from `from`, the previous period, cents summed
 * as integers. Small on purpose: the server's tests check the arithmetic.
 */
const dayIn = (iso: string, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date(iso))
const money = (cents: number) => (cents / 100).toFixed(2)
const centsOf = (amount: string) => Math.round(Number(amount) * 100)

function figures(orders: { total_Amount: string }[]) {
  const cents = orders.reduce((sum, o) => sum + centsOf(o.total_Amount), 0)
  const average = orders.length === 0 ? 0 : Math.round(cents / orders.length)
  return { revenue: money(cents), orders: orders.length, average_order: money(average) }
}

function startsOf(p: SalesReportPeriod): string[] {
  const starts = [p.from]
  for (let day = addDays(p.from, 1); day <= p.to; day = addDays(day, 1)) {
    const monday = new Date(`${day}T12:00:00Z`).getUTCDay() === 1
    const cut = { day: true, week: monday, month: day.endsWith('-01') }[p.interval]
    if (cut) starts.push(day)
  }
  return starts
}

function periodFigures(p: SalesReportPeriod, from: string, to: string) {
  const inPeriod = (iso: string) => dayIn(iso, p.tz) >= from && dayIn(iso, p.tz) <= to
  const orders = mockDb.orders.filter((o) => inPeriod(o.date_created))
  const newCustomers = mockDb.customers.filter((c) => inPeriod(c.date_created)).length
  return { orders, totals: { ...figures(orders), new_customers: newCustomers } }
}

export function salesReportOf(p: SalesReportPeriod): SalesReport {
  const previous = { from: addDays(p.from, -spanDays(p.from, p.to)), to: addDays(p.from, -1) }
  const { orders, totals } = periodFigures(p, p.from, p.to)
  const starts = startsOf(p)
  const startOf = (iso: string) => starts.filter((s) => s <= dayIn(iso, p.tz)).at(-1)
  const buyers = mockDb.customers
    .map((c) => ({ ...c, bought: orders.filter((o) => o.customer === c.id) }))
    .filter((c) => c.bought.length > 0)
  const cities = [...new Set(buyers.map((c) => c.city).filter(Boolean))]
    .map((city) => ({
      city,
      ...figures(buyers.filter((c) => c.city === city).flatMap((c) => c.bought)),
    }))
    .sort((a, b) => centsOf(b.revenue) - centsOf(a.revenue) || a.city.localeCompare(b.city))
  const others = buyers.filter((c) => !cities.slice(0, 10).some((x) => x.city === c.city))
  return salesReportSchema.parse({
    ...p,
    totals,
    previous: { ...previous, ...periodFigures(p, previous.from, previous.to).totals },
    series: starts.map((start) => ({
      start,
      ...figures(orders.filter((o) => startOf(o.date_created) === start)),
    })),
    by_status: ORDER_STATUSES.map((status) => ({
      status,
      ...figures(orders.filter((o) => o.status === status)),
    })),
    by_city: cities.slice(0, 10),
    other_cities: figures(others.flatMap((c) => c.bought)),
    top_customers: buyers
      .map((c) => ({ id: c.id, name: c.name, ...figures(c.bought) }))
      .sort((a, b) => centsOf(b.revenue) - centsOf(a.revenue) || a.id - b.id)
      .slice(0, 10),
  })
}
