import { describe, expect, it } from 'vitest'
import type { View, ViewList } from '../../src/shared/views'
import { createAgentAndLogin } from './helpers/factories'
import { call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

async function save(token: string, body: Record<string, unknown>) {
  const res = await call(s.app, 'POST', '/api/views/', { token, body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<View>()
}
async function names(token: string, query = '') {
  const res = await call(s.app, 'GET', `/api/views/${query}`, { token })
  expect(res.statusCode).toBe(200)
  return res.json<ViewList>().Views.map((v) => v.name)
}

describe('saved views', () => {
  it('saves a view (a leading ? dropped) and lists own and shared ones by name, per screen', async () => {
    const ann = await createAgentAndLogin(s.app, s.database, 'Agent', 'ann')
    const bob = await createAgentAndLogin(s.app, s.database, 'Agent', 'bob')
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const view = await save(ann.access, {
      name: '  Paris leads ',
      screen: 'customers',
      query: '?city=Paris&sort=-name',
      shared: true,
    })
    expect(view).toEqual({
      id: view.id,
      name: 'Paris leads',
      screen: 'customers',
      query: 'city=Paris&sort=-name',
      shared: true,
      owner: { id: ann.id, username: 'ann' },
    })
    await save(ann.access, { name: 'mine only', screen: 'customers', query: 'owner=me' })
    await save(ann.access, { name: 'Big orders', screen: 'orders', query: 'amount_min=100' })
    await save(bob.access, { name: 'Bob private', screen: 'customers' })
    await save(bob.access, { name: 'all open', screen: 'tasks', shared: true })
    expect(await names(ann.access)).toEqual(['all open', 'Big orders', 'mine only', 'Paris leads'])
    expect(await names(ann.access, '?screen=customers')).toEqual(['mine only', 'Paris leads'])
    expect(await names(bob.access, '?screen=customers')).toEqual(['Bob private', 'Paris leads'])
    // An Admin too sees only their own and the shared ones.
    expect(await names(admin.access)).toEqual(['all open', 'Paris leads'])
    const bad = await call(s.app, 'GET', '/api/views/?screen=people', { token: ann.access })
    expect(errorOf(bad).fields?.screen).toBeTruthy()
  })

  it('refuses a name taken on that screen by the same agent (ignoring case) with 409', async () => {
    const ann = await createAgentAndLogin(s.app, s.database)
    const bob = await createAgentAndLogin(s.app, s.database)
    const first = await save(ann.access, { name: 'Hot', screen: 'orders' })
    const again = await call(s.app, 'POST', '/api/views/', {
      token: ann.access,
      body: { name: 'HOT', screen: 'orders' },
    })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).error).toBeTruthy()
    await save(ann.access, { name: 'hot', screen: 'customers' })
    await save(bob.access, { name: 'Hot', screen: 'orders' })
    const other = await save(ann.access, { name: 'Cold', screen: 'orders' })
    const rename = await call(s.app, 'PUT', `/api/views/${other.id}/`, {
      token: ann.access,
      body: { name: 'hot', screen: 'orders' },
    })
    expect(rename.statusCode).toBe(409)
    const same = await call(s.app, 'PUT', `/api/views/${first.id}/`, {
      token: ann.access,
      body: { name: 'HOT', screen: 'orders', query: 'status=Pending' },
    })
    expect(same.json<View>()).toMatchObject({ name: 'HOT', query: 'status=Pending' })
  })

  it('lets only the owner or an Admin change or delete; a private view is 404 to others', async () => {
    const ann = await createAgentAndLogin(s.app, s.database, 'Agent', 'ann')
    const bob = await createAgentAndLogin(s.app, s.database)
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const shared = await save(ann.access, { name: 'Team', screen: 'orders', shared: true })
    const secret = await save(ann.access, { name: 'Secret', screen: 'orders' })
    const body = { name: 'Taken over', screen: 'orders', shared: true }
    const put = (token: string, id: number) =>
      call(s.app, 'PUT', `/api/views/${id}/`, { token, body })
    expect((await put(bob.access, shared.id)).statusCode).toBe(403)
    expect(
      (await call(s.app, 'DELETE', `/api/views/${shared.id}/`, { token: bob.access })).statusCode,
    ).toBe(403)
    expect((await put(bob.access, secret.id)).statusCode).toBe(404)
    expect(
      (await call(s.app, 'DELETE', `/api/views/${secret.id}/`, { token: bob.access })).statusCode,
    ).toBe(404)
    const byAdmin = await put(admin.access, secret.id)
    expect(byAdmin.statusCode).toBe(200)
    expect(byAdmin.json<View>()).toMatchObject({ name: 'Taken over', owner: { id: ann.id } })
    expect(await names(ann.access)).toEqual(['Taken over', 'Team'])
    const gone = await call(s.app, 'DELETE', `/api/views/${shared.id}/`, { token: admin.access })
    expect(gone.statusCode).toBe(204)
    const own = await call(s.app, 'DELETE', `/api/views/${secret.id}/`, { token: ann.access })
    expect(own.statusCode).toBe(204)
    expect(await names(ann.access)).toEqual([])
    for (const id of ['424242', '99999999999']) {
      expect(
        (await call(s.app, 'PUT', `/api/views/${id}/`, { token: ann.access, body })).statusCode,
      ).toBe(404)
    }
  })

  it('refuses Testers every write (403) and checks bodies (400 with fields)', async () => {
    const tess = await createAgentAndLogin(s.app, s.database, 'Tester')
    const ann = await createAgentAndLogin(s.app, s.database)
    const view = await save(ann.access, { name: 'Shared', screen: 'customers', shared: true })
    expect(await names(tess.access)).toEqual(['Shared'])
    const body = { name: 'Mine', screen: 'customers' }
    expect(
      (await call(s.app, 'POST', '/api/views/', { token: tess.access, body })).statusCode,
    ).toBe(403)
    expect(
      (await call(s.app, 'PUT', `/api/views/${view.id}/`, { token: tess.access, body })).statusCode,
    ).toBe(403)
    expect(
      (await call(s.app, 'DELETE', `/api/views/${view.id}/`, { token: tess.access })).statusCode,
    ).toBe(403)
    for (const [bad, field] of [
      [{ screen: 'customers' }, 'name'],
      [{ name: 'x'.repeat(61), screen: 'customers' }, 'name'],
      [{ name: 'A', screen: 'people' }, 'screen'],
      [{ name: 'A', screen: 'orders', query: 'q'.repeat(2001) }, 'query'],
      [{ name: 'A', screen: 'orders', shared: 'yes' }, 'shared'],
    ] as const) {
      const res = await call(s.app, 'POST', '/api/views/', { token: ann.access, body: bad })
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(Object.keys(errorOf(res).fields ?? {})).toContain(field)
    }
    const long = await save(ann.access, {
      name: 'Long',
      screen: 'orders',
      query: `?${'q'.repeat(2000)}`,
    })
    expect(long.query).toHaveLength(2000)
  })
})
