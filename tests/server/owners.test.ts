import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { AgentDirectory } from '../../src/shared/agent'
import type { Customer, CustomerList } from '../../src/shared/customer'
import type { HistoryList } from '../../src/shared/history'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

const deactivate = (id: number) =>
  s.database.db.execute(sql`update agents set active = false where id = ${id}`)

async function names(token: string, query: string): Promise<CustomerList & { names: string[] }> {
  const res = await call(s.app, 'GET', `/api/customers/?${query}`, { token })
  expect(res.statusCode, res.body).toBe(200)
  const list = res.json<CustomerList>()
  return { ...list, names: list.Customers.map((c) => c.name) }
}

describe('customer owners', () => {
  it('makes the creator the owner unless the body names one, or nobody', async () => {
    const ann = await createAgentAndLogin(s.app, s.database, 'Agent', 'ann')
    const bob = await createAgentAndLogin(s.app, s.database, 'Agent', 'bob')
    const mine = await createCustomer(s.app, ann.access, { name: 'Mine' })
    expect(mine.owner).toEqual({ id: ann.id, username: 'ann' })
    const given = await createCustomer(s.app, ann.access, { name: 'Bobs', owner: bob.id })
    expect(given.owner).toEqual({ id: bob.id, username: 'bob' })
    const asObject = await createCustomer(s.app, ann.access, { name: 'Obj', owner: { id: bob.id } })
    expect(asObject.owner?.id).toBe(bob.id)
    const nobody = await createCustomer(s.app, ann.access, { name: 'Free', owner: null })
    expect(nobody.owner).toBeNull()
    const read = await call(s.app, 'GET', `/api/customers/${given.id}/`, { token: ann.access })
    expect(read.json<Customer>().owner).toEqual({ id: bob.id, username: 'bob' })
  })

  it('refuses an unknown or deactivated owner with 400 on fields.owner, writing nothing', async () => {
    const ann = await createAgentAndLogin(s.app, s.database)
    const gone = await createAgentAndLogin(s.app, s.database)
    await deactivate(gone.id)
    const customer = await createCustomer(s.app, ann.access)
    for (const owner of [424242, gone.id, 99999999999, 'x', -1, { id: 'y' }]) {
      const post = await call(s.app, 'POST', '/api/customers/', {
        token: ann.access,
        body: { name: 'Nope', owner },
      })
      expect(post.statusCode, JSON.stringify(owner)).toBe(400)
      expect(errorOf(post).fields?.owner).toBeTruthy()
      const put = await call(s.app, 'PUT', `/api/customers/${customer.id}/`, {
        token: ann.access,
        body: { ...customer, owner },
      })
      expect(put.statusCode).toBe(400)
      expect(errorOf(put).fields?.owner).toBeTruthy()
    }
    expect((await names(ann.access, '')).count).toBe(1)
    const after = await call(s.app, 'GET', `/api/customers/${customer.id}/`, { token: ann.access })
    expect(after.json<Customer>()).toEqual(customer)
  })

  it('keeps the owner on a PUT without one, changes it with one, and records the change', async () => {
    const ann = await createAgentAndLogin(s.app, s.database, 'Agent', 'ann')
    const bob = await createAgentAndLogin(s.app, s.database, 'Agent', 'bob')
    const customer = await createCustomer(s.app, ann.access, { name: 'Kept' })
    const withoutOwner: Partial<Customer> = { ...customer }
    delete withoutOwner.owner
    const kept = await call(s.app, 'PUT', `/api/customers/${customer.id}/`, {
      token: bob.access,
      body: { ...withoutOwner, city: 'Oslo' },
    })
    expect(kept.json<Customer>().owner).toEqual({ id: ann.id, username: 'ann' })
    const moved = await call(s.app, 'PUT', `/api/customers/${customer.id}/`, {
      token: bob.access,
      body: { ...kept.json<Customer>(), owner: bob.id },
    })
    expect(moved.json<Customer>()).toMatchObject({ owner: { id: bob.id }, version: 3 })
    const cleared = await call(s.app, 'PUT', `/api/customers/${customer.id}/`, {
      token: bob.access,
      body: { ...moved.json<Customer>(), owner: null },
    })
    expect(cleared.json<Customer>().owner).toBeNull()
    const history = await call(
      s.app,
      'GET',
      `/api/history/?entity=customer&entity_id=${customer.id}`,
      {
        token: ann.access,
      },
    )
    const entries = history.json<HistoryList>().History
    expect(entries.map((e) => e.changes.owner)).toEqual([
      ['bob', null],
      ['ann', 'bob'],
      undefined,
      [null, 'ann'],
    ])
    expect(entries[1]?.summary).toBe('Customer Kept owner ann → bob')
  })

  it('filters by owner (id, me, none; an id of nobody: empty) and orders by it, none last', async () => {
    const ann = await createAgentAndLogin(s.app, s.database, 'Agent', 'ann')
    const zoe = await createAgentAndLogin(s.app, s.database, 'Agent', 'Zoe')
    for (const [name, owner] of [
      ['A1', ann.id],
      ['N1', null],
      ['Z1', zoe.id],
      ['A2', ann.id],
      ['N2', null],
    ] as const) {
      await createCustomer(s.app, ann.access, { name, owner })
    }
    expect((await names(ann.access, 'owner=me&ordering=name')).names).toEqual(['A1', 'A2'])
    expect((await names(zoe.access, 'owner=me')).names).toEqual(['Z1'])
    expect((await names(ann.access, `owner=${zoe.id}`)).count).toBe(1)
    const none = await names(ann.access, 'owner=none&ordering=name')
    expect([none.names, none.count, none.count_exact]).toEqual([['N1', 'N2'], 2, true])
    expect((await names(ann.access, 'owner=424242')).names).toEqual([])
    expect((await names(ann.access, 'owner=99999999999')).names).toEqual([])
    await deactivate(zoe.id)
    expect((await names(ann.access, `owner=${zoe.id}`)).names).toEqual(['Z1'])
    expect((await names(ann.access, 'ordering=owner')).names).toEqual([
      'A1',
      'A2',
      'Z1',
      'N1',
      'N2',
    ])
    expect((await names(ann.access, 'ordering=-owner')).names).toEqual([
      'Z1',
      'A2',
      'A1',
      'N2',
      'N1',
    ])
    const first = await names(ann.access, 'ordering=-owner&limit=3')
    const rest = await names(ann.access, `ordering=-owner&after=${first.next}`)
    expect([...first.names, ...rest.names]).toEqual(['Z1', 'A2', 'A1', 'N2', 'N1'])
    for (const bad of ['owner=someone', 'owner=', 'owner=1.5']) {
      const res = await call(s.app, 'GET', `/api/customers/?${bad}`, { token: ann.access })
      expect(res.statusCode, bad).toBe(400)
      expect(errorOf(res).fields?.owner).toBeTruthy()
    }
  })

  it('exports by owner with the contract’s seven columns', async () => {
    const ann = await createAgentAndLogin(s.app, s.database)
    await createCustomer(s.app, ann.access, { name: 'Owned' })
    await createCustomer(s.app, ann.access, { name: 'Nobodys', owner: null })
    const res = await call(s.app, 'GET', '/api/customers/export/?owner=none', { token: ann.access })
    expect(res.statusCode).toBe(200)
    const lines = res.body.trim().split('\n')
    expect(lines[0]).toBe('id,name,email,city,country,phone,date_created')
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Nobodys'])
  })

  it('gives imported customers the importer as owner', async () => {
    const ann = await createAgentAndLogin(s.app, s.database, 'Agent', 'ann')
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/customers/import/',
      headers: { authorization: `Bearer ${ann.access}`, 'content-type': 'text/csv' },
      payload: 'name\nImported\n',
    })
    expect(res.statusCode).toBe(200)
    expect((await names(ann.access, 'owner=me')).names).toEqual(['Imported'])
  })
})

describe('GET /api/agents/directory/', () => {
  it('lists the active agents by username for anyone signed in, Testers too', async () => {
    const tess = await createAgentAndLogin(s.app, s.database, 'Tester', 'tess')
    const bob = await createAgentAndLogin(s.app, s.database, 'Agent', 'Bob')
    await createAgentAndLogin(s.app, s.database, 'Admin', 'adam')
    const gone = await createAgentAndLogin(s.app, s.database, 'Agent', 'carl')
    await deactivate(gone.id)
    const res = await call(s.app, 'GET', '/api/agents/directory/', { token: tess.access })
    expect(res.statusCode).toBe(200)
    const { Agents } = res.json<AgentDirectory>()
    expect(Agents.map((a) => [a.username, a.role])).toEqual([
      ['adam', 'Admin'],
      ['Bob', 'Agent'],
      ['tess', 'Tester'],
    ])
    expect(Agents[1]).toEqual({
      id: bob.id,
      username: 'Bob',
      first_name: '',
      last_name: '',
      role: 'Agent',
    })
    expect((await call(s.app, 'GET', '/api/agents/directory')).statusCode).toBe(401)
  })
})
