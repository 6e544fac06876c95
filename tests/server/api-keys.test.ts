import { describe, expect, it } from 'vitest'
import { API_KEY_ROUTES_REFUSED } from './helpers/api-key-routes'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { anyNumber, call, errorOf, isoDateTime, useTestApp } from './helpers/test-app'

const suite = useTestApp()

async function adminWithKey(role: 'Agent' | 'Tester' = 'Agent', extra: object = {}) {
  const admin = await createAgentAndLogin(suite.app, suite.database, 'Admin')
  const res = await call(suite.app, 'POST', '/api/api-keys/', {
    token: admin.access,
    body: { name: 'Billing sync', role, ...extra },
  })
  expect(res.statusCode, res.body).toBe(201)
  return { admin, created: res.json<{ id: number; key: string; prefix: string }>() }
}

describe('API keys', () => {
  it('creates a key shown once, lists it without the secret, and revokes it', async () => {
    const { admin, created } = await adminWithKey('Tester')
    expect(created).toEqual({
      id: anyNumber,
      name: 'Billing sync',
      role: 'Tester',
      prefix: created.key.slice(0, 10),
      created_at: isoDateTime,
      created_by: { id: admin.id, username: admin.username },
      last_used_at: null,
      expires_at: null,
      key: expect.stringMatching(/^rk_[A-Za-z0-9_-]{32,}$/) as unknown,
    })
    const list = await call(suite.app, 'GET', '/api/api-keys/', { token: admin.access })
    expect(list.json()).toEqual({ Keys: [{ ...created, key: undefined }] })
    expect(list.body).not.toContain(created.key)

    const revoke = await call(suite.app, 'DELETE', `/api/api-keys/${created.id}/`, {
      token: admin.access,
    })
    expect(revoke.statusCode).toBe(204)
    const after = await call(suite.app, 'GET', '/api/api-keys/', { token: admin.access })
    expect(after.json()).toEqual({ Keys: [] })
    const again = await call(suite.app, 'DELETE', `/api/api-keys/${created.id}/`, {
      token: admin.access,
    })
    expect(again.statusCode).toBe(404)
  })

  it('acts with its role on the data routes, named in the history with the key', async () => {
    const { admin, created } = await adminWithKey('Agent')
    const customer = await createCustomer(suite.app, created.key, { name: 'Keyed Ltd' })
    const history = await call(suite.app, 'GET', `/api/history/?entity=customer`, {
      token: admin.access,
    })
    const entry = history.json<{ History: { entity_id: number; actor: unknown }[] }>().History[0]
    expect(entry).toMatchObject({
      entity_id: customer.id,
      actor: { id: admin.id, username: admin.username, key: 'Billing sync' },
    })
    const keys = await call(suite.app, 'GET', '/api/api-keys/', { token: admin.access })
    expect(keys.json<{ Keys: { last_used_at: string | null }[] }>().Keys[0]?.last_used_at).toEqual(
      isoDateTime,
    )
  })

  it('a Tester key reads but may not write', async () => {
    const { created } = await adminWithKey('Tester')
    expect(
      (await call(suite.app, 'GET', '/api/customers/', { token: created.key })).statusCode,
    ).toBe(200)
    const write = await call(suite.app, 'POST', '/api/customers/', {
      token: created.key,
      body: { name: 'No' },
    })
    expect(write.statusCode).toBe(403)
  })

  it('answers 403 to a key on every management route, before looking at anything else', async () => {
    const { created } = await adminWithKey('Agent')
    for (const [method, url] of API_KEY_ROUTES_REFUSED) {
      const res = await call(suite.app, method, url, { token: created.key, body: {} })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      // Even a made-up key: the route is refused before the key is looked up.
      const made = await call(suite.app, method, url, { token: 'rk_madeup', body: {} })
      expect(made.statusCode, `${method} ${url}`).toBe(403)
    }
  })

  it('refuses a revoked key on another server at once, and an expired one', async () => {
    const { admin, created } = await adminWithKey('Agent')
    const other = await suite.variant()
    expect(
      (await call(other.app, 'GET', '/api/customers/', { token: created.key })).statusCode,
    ).toBe(200)
    await call(suite.app, 'DELETE', `/api/api-keys/${created.id}/`, { token: admin.access })
    const refused = await call(other.app, 'GET', '/api/customers/', { token: created.key })
    expect(refused.statusCode).toBe(401)
    expect(errorOf(refused).error).toBe('The API key is invalid, revoked or expired.')

    const soon = new Date(Date.now() + 1500).toISOString()
    const short = await call(suite.app, 'POST', '/api/api-keys/', {
      token: admin.access,
      body: { name: 'Short', role: 'Agent', expires_at: soon },
    })
    expect(short.statusCode).toBe(201)
    const key = short.json<{ key: string; expires_at: string }>()
    expect(key.expires_at).toBe(soon)
    expect((await call(other.app, 'GET', '/api/customers/', { token: key.key })).statusCode).toBe(
      200,
    )
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect((await call(other.app, 'GET', '/api/customers/', { token: key.key })).statusCode).toBe(
      401,
    )
  })

  it('refuses a past expiry, a bad role or name (400), and anyone but an Admin (403)', async () => {
    const admin = await createAgentAndLogin(suite.app, suite.database, 'Admin')
    const agent = await createAgentAndLogin(suite.app, suite.database, 'Agent')
    const bad = [
      [{ name: 'x', role: 'Agent', expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
      [{ name: 'x', role: 'Admin' }, 'role'],
      [{ name: '', role: 'Agent' }, 'name'],
      [{ name: 'x'.repeat(61), role: 'Agent' }, 'name'],
      [{ name: 'x', role: 'Agent', expires_at: 'tomorrow' }, 'expires_at'],
    ] as const
    for (const [body, field] of bad) {
      const res = await call(suite.app, 'POST', '/api/api-keys/', { token: admin.access, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(Object.keys(errorOf(res).fields ?? {})).toContain(field)
    }
    const body = { name: 'x', role: 'Agent' }
    expect(
      (await call(suite.app, 'POST', '/api/api-keys/', { token: agent.access, body })).statusCode,
    ).toBe(403)
    expect(
      (await call(suite.app, 'GET', '/api/api-keys/', { token: agent.access })).statusCode,
    ).toBe(403)
  })

  it('keeps key entries in the history for Admins only', async () => {
    const { admin, created } = await adminWithKey('Agent')
    const agent = await createAgentAndLogin(suite.app, suite.database, 'Agent')
    await call(suite.app, 'DELETE', `/api/api-keys/${created.id}/`, { token: admin.access })
    const seen = await call(suite.app, 'GET', '/api/history/?entity=api_key', {
      token: admin.access,
    })
    const entries = seen.json<{ History: { action: string; changes: object }[] }>().History
    expect(entries.map((e) => e.action)).toEqual(['delete', 'create'])
    expect(JSON.stringify(entries)).not.toContain(created.key)
    const hidden = await call(suite.app, 'GET', '/api/history/?entity=api_key', {
      token: agent.access,
    })
    expect(hidden.json<{ History: unknown[] }>().History).toEqual([])
    const all = await call(suite.app, 'GET', '/api/history/', { token: agent.access })
    expect(all.body).not.toContain('api_key')
  })
})
