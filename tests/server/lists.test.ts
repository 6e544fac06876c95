import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CustomerList } from '../../src/shared/customer'
import type { OrderList } from '../../src/shared/order'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { idsOf, readList, seedCustomers, seedOrders, walkIds } from './helpers/list-rows'
import { call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

const list = <T>(token: string, url: string) => readList<T>(s.app, token, url)

describe('lists at any size', () => {
  it('answers at most 1,000 rows without a limit, with the total and a next that gives the rest', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedCustomers(s.database.db, 1_234)
    const first = await list<CustomerList>(access, '/api/customers/')
    expect(first.Customers).toHaveLength(1_000)
    expect(first).toMatchObject({ count: 1_234, count_exact: true })
    expect(first.next).toEqual(expect.any(String))
    const rest = await list<CustomerList>(access, `/api/customers/?after=${first.next}`)
    expect(rest.Customers).toHaveLength(234)
    expect(rest.next).toBeNull()
    const all = [...first.Customers, ...rest.Customers].map((c) => c.id)
    expect(new Set(all).size).toBe(1_234)
  })

  it('walks every ordering with after: the same rows, in the same order, as one big page', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedCustomers(s.database.db, 300)
    await seedOrders(s.database.db, 300)
    const cases = [
      [
        '/api/customers/',
        ['name', '-name', 'city', '-date_created', 'date_created', 'id', '-phone'],
      ],
      [
        '/api/orders/',
        ['status', '-status', 'total_Amount', '-total_Amount', '-date_created', 'customer'],
      ],
    ] as const
    for (const [path, orderings] of cases) {
      for (const ordering of orderings) {
        const whole: CustomerList | OrderList = await list(
          access,
          `${path}?ordering=${ordering}&limit=500`,
        )
        const expected = idsOf(whole)
        expect(
          await walkIds(s.app, access, path, `ordering=${ordering}&limit=37`),
          `${path} ${ordering}`,
        ).toEqual(expected)
        const offsetPage: CustomerList | OrderList = await list(
          access,
          `${path}?ordering=${ordering}&limit=37&offset=74`,
        )
        expect(idsOf(offsetPage)).toEqual(expected.slice(74, 111))
      }
    }
  })

  it('sorts text ignoring case, status in workflow order, and ties by id', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedCustomers(s.database.db, 40)
    await seedOrders(s.database.db, 30)
    const byName = await list<CustomerList>(access, '/api/customers/?ordering=name&limit=500')
    const names = byName.Customers.map((c) => c.name.toLowerCase())
    expect(names).toEqual([...names].sort())
    const byStatus = await list<OrderList>(access, '/api/orders/?ordering=status&limit=500')
    const ranks = byStatus.Orders.map((o) =>
      ['Pending', 'Out for delivery', 'Delivered'].indexOf(o.status),
    )
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    const pending = byStatus.Orders.filter((o) => o.status === 'Pending').map((o) => o.id)
    expect(pending).toEqual([...pending].sort((a, b) => a - b))
    const amounts = (await list<OrderList>(access, '/api/orders/?ordering=-total_Amount&limit=500'))
      .Orders
    expect(amounts.map((o) => Number(o.total_Amount))).toEqual(
      amounts.map((o) => Number(o.total_Amount)).sort((a, b) => b - a),
    )
  })

  it('counts a search exactly up to 10,000 matches, then says 10,000 and not exact', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedCustomers(s.database.db, 10_050)
    const many = await list<CustomerList>(access, '/api/customers/?search=example&limit=5')
    expect(many).toMatchObject({ count: 10_000, count_exact: false })
    // Two to four letters: read from the kept runs (migrations 0027, 0028), capped the same way.
    for (const run of ['ex', 'exa', 'exam']) {
      const kept = await list<CustomerList>(access, `/api/customers/?search=${run}&limit=5`)
      expect(kept, run).toMatchObject({ count: 10_000, count_exact: false })
    }
    const few = await list<CustomerList>(access, '/api/customers/?search=alice 1&limit=5')
    expect(few.count_exact).toBe(true)
    expect(few.count).toBeLessThan(10_000)
    const all = await list<CustomerList>(access, '/api/customers/?limit=5')
    expect(all).toMatchObject({ count: 10_050, count_exact: true })
    // Beside a filter the matches are found once, up to the cap; past it the page is still
    // the list's first, not the first of the matches found.
    const filtered = await list<CustomerList>(
      access,
      '/api/customers/?search=example&country=land&limit=5',
    )
    expect(filtered).toMatchObject({ count: 10_000, count_exact: false })
    expect(idsOf(filtered)).toEqual(idsOf(all))
    const fewer = await list<CustomerList>(
      access,
      '/api/customers/?search=alice&country=land&limit=5',
    )
    expect(fewer).toMatchObject({ count: 2_512, count_exact: true })
  })

  it('answers a filter, with or without a search, with its own values, whichever was asked before it', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedCustomers(s.database.db, 300)
    const all = (await list<CustomerList>(access, '/api/customers/?limit=500')).Customers
    // Built once for their shape (customers.ts, shapeOf), the statements run with each
    // call's search, city, dates, zone, cursor and offset: asked in turn, each answers its own.
    const asks = [
      { search: '', city: 'oslo', tz: 'Asia/Tokyo' },
      { search: 'alice', city: 'oslo', tz: 'UTC' },
      { search: '', city: 'paris', tz: 'UTC' },
      { search: 'BOB 1', city: 'Lima', tz: 'UTC' },
      { search: 'car', city: 'paris', tz: 'Asia/Tokyo' },
      { search: 'alice', city: 'lima', tz: 'America/New_York' },
    ]
    for (const ordering of ['-date_created', 'name']) {
      for (const ask of asks) {
        const searched = ask.search ? `search=${encodeURIComponent(ask.search)}&` : ''
        const query = `${searched}city=${ask.city}&created_from=2026-01-01&created_to=2026-01-01&tz=${ask.tz}&ordering=${ordering}`
        const day = { UTC: [0, 24], 'Asia/Tokyo': [0, 15], 'America/New_York': [5, 29] }[ask.tz]!
        const expected = all.filter((c) => {
          const hour = (Date.parse(c.date_created) - Date.parse('2026-01-01T00:00:00Z')) / 3.6e6
          return (
            c.name.toLowerCase().includes(ask.search.toLowerCase()) &&
            c.city.toLowerCase() === ask.city.toLowerCase() &&
            hour >= day[0]! &&
            hour < day[1]!
          )
        })
        const ids = await walkIds(s.app, access, '/api/customers/', `${query}&limit=4`)
        expect(ids, query).toEqual(
          ordering === 'name'
            ? [...expected]
                .sort(
                  (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1) || a.id - b.id,
                )
                .map((c) => c.id)
            : expected.map((c) => c.id),
        )
        expect(ids.length, query).toBeGreaterThan(0)
        const page = await list<CustomerList>(access, `/api/customers/?${query}&limit=3&offset=2`)
        expect(idsOf(page), query).toEqual(ids.slice(2, 5))
        expect(page).toMatchObject({ count: ids.length, count_exact: true })
        const past = await list<CustomerList>(
          access,
          `/api/customers/?${query}&offset=${ids.length}`,
        )
        expect(past, query).toMatchObject({ Customers: [], count: ids.length, count_exact: true })
      }
    }
    // A search beside a filter that matches nothing: answered from its one statement.
    const none = 'search=zzq&city=oslo&created_from=2026-01-01&created_to=2026-01-01'
    const empty = await list<CustomerList>(access, `/api/customers/?${none}`)
    expect(empty).toMatchObject({ Customers: [], count: 0, count_exact: true, next: null })
  })

  it('answers orders of statuses and amounts with their own values, whichever was asked before', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedOrders(s.database.db, 300)
    const all = (await list<OrderList>(access, '/api/orders/?limit=500')).Orders
    // Built once for their shape (orders.ts, readPage), run with each call's values.
    const asks = [
      { status: ['Pending'], min: 10, max: 40 },
      { status: ['Delivered'], min: 0, max: 20.5 },
      { status: ['Pending', 'Delivered'], min: 50, max: 90 },
      { status: ['Out for delivery', 'Delivered'], min: 12.5, max: 60 },
    ]
    for (const ordering of ['-date_created', 'total_Amount']) {
      for (const ask of asks) {
        const query = `status=${ask.status.join(',')}&amount_min=${ask.min}&amount_max=${ask.max}&ordering=${ordering}`
        const expected = all.filter(
          (o) =>
            ask.status.includes(o.status) &&
            Number(o.total_Amount) >= ask.min &&
            Number(o.total_Amount) <= ask.max,
        )
        const ids = await walkIds(s.app, access, '/api/orders/', `${query}&limit=7`)
        expect(ids.length, query).toBeGreaterThan(0)
        expect(
          [...ids].sort((a, b) => a - b),
          query,
        ).toEqual(expected.map((o) => o.id).sort((a, b) => a - b))
        const page = await list<OrderList>(access, `/api/orders/?${query}&limit=3&offset=2`)
        expect(idsOf(page), query).toEqual(ids.slice(2, 5))
        expect(page).toMatchObject({ count: ids.length, count_exact: true })
      }
    }
  })

  it('counts a search of any length exactly: any field, any case, other letters and signs, live customers only', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const people = [
      ['Zoë Ängström', 'zoe@example.com', 'Malmö', 'Sweden', '+46 8 123'],
      ['ÖSTEN Berg', 'osten@example.com', 'Örebro', 'Sweden', '+46 19 555'],
      ['Ann 50% Lee', 'ann_lee@example.com', 'Austin', 'USA', '555-0101'],
      ['Bo Li', 'bo@li.example', 'Oslo', 'Norway', '(22) 33'],
      ['Gone Örn', 'gone@example.com', 'Malmö', 'Sweden', '1'],
    ]
    const ids = []
    for (const [name, email, city, country, phone] of people)
      ids.push((await createCustomer(s.app, access, { name, email, city, country, phone })).id)
    const gone = await call(s.app, 'DELETE', `/api/customers/${ids.at(-1)}`, { token: access })
    expect(gone.statusCode).toBe(204)
    const live = people.slice(0, 4).map((fields) => fields.join(' ').toLowerCase())
    for (const pair of [
      ...['ö', 'mö', 'MÖ', 'ös', 'zo', '0%', '%', '_l', 'n_', '(2', 'xq', 'mal', 'qqq', 'ö s'],
      ...['berg', 'ngsT', '0% l', 'n_le', '(22)', 'xqzw'],
      ...['MALMÖ', 'ann 5', '0% lee', 'n_lee@', 'zoë ä', 'oslo norway', 'ström mal', 'berg ösx'],
    ]) {
      const answer = await list<CustomerList>(
        access,
        `/api/customers/?search=${encodeURIComponent(pair)}`,
      )
      const expected = live.filter((text) => text.includes(pair.toLowerCase()))
      expect(answer, pair).toMatchObject({ count: expected.length, count_exact: true })
      expect(answer.Customers, pair).toHaveLength(expected.length)
    }
  })

  it('answers 400 for after with offset, a malformed after, or one from another ordering', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedCustomers(s.database.db, 30)
    const { next } = await list<CustomerList>(access, '/api/customers/?ordering=name&limit=10')
    for (const url of [
      `/api/customers/?ordering=name&limit=10&after=${next}&offset=10`,
      '/api/customers/?after=not-a-cursor',
      '/api/customers/?after=',
      `/api/customers/?ordering=-name&after=${next}`,
      `/api/customers/?after=${next}`,
    ]) {
      const res = await call(s.app, 'GET', url, { token: access })
      expect(res.statusCode, url).toBe(400)
      expect(errorOf(res).fields).toHaveProperty('after')
    }
  })
})

describe('kept totals', () => {
  it('stay exact under 20 writers creating, changing status and deleting at once', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const cities = ['Oslo', 'Lima', 'Paris', '']
    const statuses = ['Pending', 'Out for delivery', 'Delivered']
    const writer = async (w: number) => {
      for (let i = 0; i < 8; i++) {
        const customer = await call(s.app, 'POST', '/api/customers/', {
          token: access,
          body: { name: `W${w}-${i}`, city: cities[(w + i) % 4] },
        })
        const { id } = customer.json<{ id: number }>()
        const order = await call(s.app, 'POST', '/api/orders/', {
          token: access,
          body: { customer: id, status: statuses[i % 3], total_Amount: '3.00' },
        })
        const orderId = order.json<{ id: number }>().id
        await call(s.app, 'PUT', `/api/orders/${orderId}`, {
          token: access,
          body: { customer: id, status: statuses[(i + 1) % 3], total_Amount: '4.00' },
        })
        if (i % 3 === 0) await call(s.app, 'DELETE', `/api/orders/${orderId}`, { token: access })
        if (i % 4 === 1) {
          await call(s.app, 'PUT', `/api/customers/${id}`, {
            token: access,
            body: { name: `W${w}-${i}`, city: cities[(w + i + 1) % 4] },
          })
        }
        if (i % 4 === 2) await call(s.app, 'DELETE', `/api/customers/${id}`, { token: access })
      }
    }
    await Promise.all(Array.from({ length: 20 }, (_, w) => writer(w)))

    const { db } = s.database
    const [fresh] = await db
      .select({
        customers: sql<number>`(select count(*)::int from customers where deleted_at is null)`,
        orders: sql<number>`(select count(*)::int from orders where deleted_at is null)`,
      })
      .from(sql`(select 1) as one`)
    const customers = await list<CustomerList>(access, '/api/customers/?limit=1')
    const orders = await list<OrderList>(access, '/api/orders/?limit=1')
    expect(customers.count).toBe(fresh?.customers)
    expect(orders.count).toBe(fresh?.orders)

    const byCity = await list<{ cities: { city: string; count: number }[] }>(
      access,
      '/api/stats/customers-by-city/',
    )
    const cityCounts = await db.execute(sql`
      select city, count(*)::int as count from customers
      where deleted_at is null and city <> '' group by city order by count desc, city`)
    expect(byCity.cities).toEqual((cityCounts as { rows: unknown[] }).rows)

    const byStatus = await list<{ statuses: { status: string; count: number }[]; total: number }>(
      access,
      '/api/stats/orders-by-status/',
    )
    for (const { status, count } of byStatus.statuses) {
      const filtered = await list<OrderList>(access, `/api/orders/?status=${status}&limit=1`)
      const [row] = await db
        .select({
          n: sql<number>`(select count(*)::int from orders where deleted_at is null and status = ${status})`,
        })
        .from(sql`(select 1) as one`)
      expect(count).toBe(row?.n)
      expect(filtered.count).toBe(row?.n)
    }
    expect(byStatus.total).toBe(fresh?.orders)
  })
})
