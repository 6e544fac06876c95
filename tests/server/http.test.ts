import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { signToken } from '../../src/server/auth/tokens'
import type { Database } from '../../src/server/db/client'
import type { CustomerList } from '../../src/shared/customer'
import { buildApp } from '../../src/server/app'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { anyObject, anyString, call, errorOf, testConfig, useTestApp } from './helpers/test-app'

const s = useTestApp()

describe('GET /api/health', () => {
  it('answers { status: ok, database } without a token', async () => {
    const res = await call(s.app, 'GET', '/api/health')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: s.database.kind })
    expect((await call(s.app, 'GET', '/api/health/')).statusCode).toBe(200)
  })
})

describe('paths', () => {
  it('answers every route with and without the trailing slash', async () => {
    const { id, access } = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, access)
    for (const path of [
      '/api/customers',
      `/api/customers/${customer.id}`,
      '/api/orders',
      `/api/agents/${id}`,
      '/api/agent/role',
      '/api/stats/customers-by-city',
      '/api/stats/orders-by-status',
    ]) {
      for (const url of [path, `${path}/`]) {
        expect((await call(s.app, 'GET', url, { token: access })).statusCode, url).toBe(200)
      }
    }
    for (const url of ['/api/users/token', '/api/users/token/']) {
      const res = await call(s.app, 'POST', url, { body: { username: 'x', password: 'y' } })
      expect(res.statusCode, url).toBe(401)
    }
  })

  // A known path with a method it does not take is a 405: method-not-allowed.test.ts.
  it('answers unknown /api paths with a JSON 404', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/customers/1/orders'],
      ['GET', '/api'],
      ['GET', '/dashboard/orders'],
    ] as const) {
      const res = await call(s.app, method, url, { token: access })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toEqual({ error: anyString })
    }
  })
})

describe('bodies', () => {
  const post = (payload: string | Buffer, contentType: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/users/token/',
      payload,
      headers: { 'content-type': contentType },
    })

  it('answers 400 { error } for malformed JSON, an empty JSON body and a non-JSON content type', async () => {
    for (const [payload, type] of [
      ['{"username": ', 'application/json'],
      ['', 'application/json'],
      ['username=a&password=b', 'application/x-www-form-urlencoded'],
      ['hello', 'text/plain'],
      ['{"__proto__": {"x": 1}}', 'application/json'],
    ] as const) {
      const res = await post(payload, type)
      expect(res.statusCode, `${type} ${payload}`).toBe(400)
      expect(res.json()).toEqual({
        error: anyString,
        ...(errorOf(res).fields ? { fields: anyObject } : {}),
      })
    }
  })

  it('answers 413 for a body over 1 MiB and accepts one just under', async () => {
    const big = JSON.stringify({ username: 'a', password: 'x'.repeat(1024 * 1024) })
    const res = await post(big, 'application/json')
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ error: anyString })
    const { access } = await createAgentAndLogin(s.app, s.database)
    const authed = await s.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'n', pad: 'x'.repeat(1024 * 1024) }),
    })
    expect(authed.statusCode).toBe(413)
    const under = await s.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'n', pad: 'x'.repeat(1024 * 1024 - 100) }),
    })
    expect(under.statusCode).toBe(201)
  })

  it('ignores body fields beyond the schema and refuses prototype poisoning', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'POST', '/api/customers', {
      token: access,
      body: { name: 'Ada', isAdmin: true, id: 5 },
    })
    expect(res.statusCode).toBe(201)
    expect(Object.keys(res.json()).sort()).toEqual([
      'city',
      'country',
      'date_created',
      'email',
      'id',
      'name',
      'next_follow_up',
      'owner',
      'phone',
      'version',
    ])
    const poisoned = await s.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      payload: '{"name": "Eve", "constructor": {"prototype": {"isAdmin": true}}}',
    })
    expect(poisoned.statusCode).toBe(400)
  })
})

describe('answers', () => {
  it('compresses large JSON answers when asked and sets security headers', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    for (let i = 0; i < 20; i++)
      await createCustomer(s.app, access, { name: `Customer number ${i}` })
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/customers',
      headers: { authorization: `Bearer ${access}`, 'accept-encoding': 'gzip' },
    })
    expect(res.headers['content-encoding']).toBe('gzip')
    const unzipped = JSON.parse(gunzipSync(res.rawPayload).toString()) as CustomerList
    expect(unzipped.count).toBe(20)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  /** GET /api/customers on a database whose every call throws `error`. */
  async function answerWhenDatabaseThrows(error: Error) {
    const failing = new Proxy(
      {},
      {
        get: () => () => {
          throw error
        },
      },
    )
    const database = {
      db: failing,
      kind: 'pglite',
      listen: () => Promise.resolve(() => Promise.resolve()),
      close: async () => {},
    } as unknown as Database
    const config = testConfig()
    const app = await buildApp({ database, config })
    try {
      const { token } = await signToken(config, 'access', 1, 0)
      return await call(app, 'GET', '/api/customers', { token })
    } finally {
      await app.close()
    }
  }

  it('hides everything about a server failure behind { error: "Internal server error" }', async () => {
    const res = await answerWhenDatabaseThrows(
      new Error('relation "agents" does not exist at /work/main/src/server/secret.ts:1'),
    )
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ error: 'Internal server error' })
    expect(res.body).not.toMatch(/relation|secret|\.ts|stack/)
  })

  it('answers 400, not 500, when the database refuses a value (SQLSTATE class 22)', async () => {
    const driver = Object.assign(
      new Error('value "99999999999" is out of range for type integer'),
      {
        code: '22003',
      },
    )
    const res = await answerWhenDatabaseThrows(
      new Error('Failed query: select ... params: 99999999999', { cause: driver }),
    )
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).error).not.toMatch(/range|select|params/)
  })
})

describe('logging', () => {
  it('logs method, url and status but never a password or a token', async () => {
    const lines: string[] = []
    const { app } = await s.variant(
      { logLevel: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    )
    const password = 'very secret words'
    const body = { username: 'logged', email: 'l@example.com', password }
    expect((await call(app, 'POST', '/api/register', { body })).statusCode).toBe(201)
    const tokens = await call(app, 'POST', '/api/users/token', {
      body: { username: 'logged', password },
    })
    const { access, refresh } = tokens.json<{ access: string; refresh: string }>()
    await call(app, 'POST', '/api/token/refresh', { body: { refresh } })
    await call(app, 'POST', '/api/update-password', {
      token: access,
      body: {
        current_password: password,
        new_password: 'other words 2',
        confirm_new_password: 'other words 2',
      },
    })
    const log = lines.join('\n')
    expect(log).toMatch(/"method":"POST"/)
    expect(log).toMatch(/"url":"\/api\/users\/token"/)
    expect(log).toMatch(/"statusCode":200/)
    for (const secret of [password, 'other words 2', access, refresh, access.split('.')[2] ?? '']) {
      expect(log).not.toContain(secret)
    }
    expect(log).not.toMatch(/authorization/i)
  })
})
