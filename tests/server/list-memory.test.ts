import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { CustomerList } from '../../src/shared/customer'
import type { OrderList } from '../../src/shared/order'
import { ListMemory } from '../../src/server/repositories/list-memory'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { idsOf, readList, seedCustomers, seedOrders, walkIds } from './helpers/list-rows'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

/**
 * An agent and `customers` customers; a deep page at `offset` and a search for 'zeta' (no
 * match yet), both read once through `reader` so that its memory holds them.
 */
async function rememberedLists(reader: FastifyInstance, customers: number, offset: number) {
  const { access } = await createAgentAndLogin(s.app, s.database)
  await seedCustomers(s.database.db, customers)
  const deep = `/api/customers/?limit=3&offset=${offset}`
  const search = '/api/customers/?search=zeta&limit=3'
  const before = await readList<CustomerList>(reader, access, deep)
  expect(await readList<CustomerList>(reader, access, search)).toMatchObject({ count: 0 })
  return { access, deep, search, before }
}

/** Deep pages of `path` (each twice: anchors walked, then remembered) against the walk. */
async function expectDeepPages(app: FastifyInstance, token: string, path: string, query: string) {
  const expected = await walkIds(app, token, path, `${query}&limit=500`)
  for (const offset of [999, 1000, 1001, 2048, 1999, expected.length - 3, expected.length + 5]) {
    for (const time of ['first', 'again']) {
      const url = `${path}?${query}&limit=7&offset=${offset}`
      const page: CustomerList | OrderList = await readList(app, token, url)
      expect(idsOf(page), `${url} (${time})`).toEqual(expected.slice(offset, offset + 7))
      expect(page.count).toBe(expected.length)
    }
  }
}

describe('deep pages and search counts kept until the next change', () => {
  it('answers a deep page from anchors with the rows a walk finds there, in every ordering', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await seedCustomers(s.database.db, 2_600)
    await seedOrders(s.database.db, 2_300)
    for (const ordering of ['-date_created', 'name', '-city', 'id', '-phone']) {
      await expectDeepPages(s.app, access, '/api/customers/', `ordering=${ordering}`)
    }
    await expectDeepPages(s.app, access, '/api/customers/', 'search=a&ordering=email')
    for (const ordering of ['-date_created', 'status', '-total_Amount', 'customer_name']) {
      await expectDeepPages(s.app, access, '/api/orders/', `ordering=${ordering}`)
    }
    await expectDeepPages(s.app, access, '/api/orders/', 'status=Pending')
  })

  it('sees this server’s writes in the very next deep page, search count and search page', async () => {
    const { access, deep, search, before } = await rememberedLists(s.app, 2_100, 1500)
    const { id } = await createCustomer(s.app, access, { name: 'Zeta Newest' })
    // The newest customer comes first: everything deeper moves down one place.
    const after = await readList<CustomerList>(s.app, access, deep)
    expect(idsOf(after).slice(1)).toEqual(idsOf(before).slice(0, 2))
    expect(await readList<CustomerList>(s.app, access, search)).toMatchObject({ count: 1 })
    expect(idsOf(await readList<CustomerList>(s.app, access, search))).toEqual([id])
    // An edit that stops it matching takes it off the page the search remembered.
    const edit = {
      name: 'Renamed',
      email: 'renamed@example.com',
      city: 'Oslo',
      country: 'Norway',
      phone: '+47 5550 0000',
    }
    expect(
      (await call(s.app, 'PUT', `/api/customers/${id}`, { token: access, body: edit })).statusCode,
    ).toBe(200)
    expect(await readList<CustomerList>(s.app, access, search)).toMatchObject({
      count: 0,
      Customers: [],
    })
    expect(
      (await call(s.app, 'DELETE', `/api/customers/${id}`, { token: access })).statusCode,
    ).toBe(204)
    expect(idsOf(await readList<CustomerList>(s.app, access, deep))).toEqual(idsOf(before))
    expect(await readList<CustomerList>(s.app, access, search)).toMatchObject({ count: 0 })
  })

  it('forgets what it kept when another server’s change is announced', async () => {
    const other = await s.variant({ jwtSecret: s.config.jwtSecret })
    const { access, search, deep, before } = await rememberedLists(other.app, 1_200, 1100)
    await createCustomer(s.app, access, { name: 'Zeta Elsewhere' })
    await expect
      .poll(async () => (await readList<CustomerList>(other.app, access, search)).count, {
        timeout: 5000,
      })
      .toBe(1)
    const moved = await readList<CustomerList>(other.app, access, deep)
    expect(moved.Customers[1]?.id).toBe(before.Customers[0]?.id)
  })
})

describe('ListMemory', () => {
  it('does not keep what was worked out while a change happened', () => {
    const memory = new ListMemory()
    const version = memory.version
    memory.changed()
    memory.keepCount('list', version, 5)
    expect(memory.count('list')).toBeUndefined()
    memory.keepCount('list', memory.version, 6)
    expect(memory.count('list')).toBe(6)
    memory.changed()
    expect(memory.count('list')).toBeUndefined()
  })

  it('forgets after ten seconds what no announcement could have reached', () => {
    let now = 0
    const memory = new ListMemory(() => now)
    memory.keepAnchors('list', memory.version, [{ ordering: 'id', key: '1000', id: 1000 }])
    now = 9_999
    expect(memory.anchorsOf('list')).toHaveLength(1)
    // More anchors later do not make the first ones younger.
    memory.keepAnchors('list', memory.version, [
      { ordering: 'id', key: '1000', id: 1000 },
      { ordering: 'id', key: '2000', id: 2000 },
    ])
    now = 10_000
    expect(memory.anchorsOf('list')).toEqual([])
  })
})
