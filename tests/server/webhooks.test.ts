import { describe, expect, it } from 'vitest'
import { createAgentAndLogin } from './helpers/factories'
import { anyNumber, call, errorOf, isoDateTime, useTestApp } from './helpers/test-app'

const suite = useTestApp()
const REFUSED =
  'Use a public address: loopback, private, link-local and other internal addresses are refused.'

async function admin() {
  return createAgentAndLogin(suite.app, suite.database, 'Admin')
}

describe('webhooks: registering', () => {
  it('adds one (secret shown once), changes, turns off and deletes it, in the history', async () => {
    const { access } = await admin()
    const created = await call(suite.app, 'POST', '/api/webhooks/', {
      token: access,
      body: { url: 'https://93.184.216.34/hook', events: ['customer.created', 'order.updated'] },
    })
    expect(created.statusCode, created.body).toBe(201)
    const hook = created.json<{ id: number; secret: string }>()
    expect(hook).toEqual({
      id: anyNumber,
      url: 'https://93.184.216.34/hook',
      events: ['customer.created', 'order.updated'],
      active: true,
      created_at: isoDateTime,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{32,}$/) as unknown,
    })
    const list = await call(suite.app, 'GET', '/api/webhooks/', { token: access })
    expect(list.json()).toEqual({ Webhooks: [{ ...hook, secret: undefined }] })
    expect(list.body).not.toContain(hook.secret)

    const body = { url: 'https://93.184.216.34/other', events: ['*'], active: false }
    const changed = await call(suite.app, 'PUT', `/api/webhooks/${hook.id}/`, {
      token: access,
      body,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject(body)
    const test = await call(suite.app, 'POST', `/api/webhooks/${hook.id}/test/`, { token: access })
    expect(test.statusCode).toBe(409)

    const gone = await call(suite.app, 'DELETE', `/api/webhooks/${hook.id}/`, { token: access })
    expect(gone.statusCode).toBe(204)
    for (const [method, url] of [
      ['DELETE', `/api/webhooks/${hook.id}/`],
      ['PUT', `/api/webhooks/${hook.id}/`],
      ['POST', `/api/webhooks/${hook.id}/test/`],
      ['GET', `/api/webhooks/${hook.id}/deliveries/`],
    ] as const) {
      const res = await call(suite.app, method, url, { token: access, body })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    const history = await call(suite.app, 'GET', '/api/history/?entity=webhook', {
      token: access,
    })
    const entries = history.json<{ History: { action: string }[] }>().History
    expect(entries.map((entry) => entry.action)).toEqual(['delete', 'update', 'create'])
    expect(history.body).not.toContain(hook.secret)
  })

  it('refuses unknown event types, other schemes and anyone but an Admin', async () => {
    const { access } = await admin()
    const bad = [
      [{ url: 'https://93.184.216.34/', events: ['customer.exploded'] }, 'events'],
      [{ url: 'https://93.184.216.34/', events: [] }, 'events'],
      [{ url: 'ftp://93.184.216.34/', events: ['*'] }, 'url'],
      [{ url: 'file:///etc/passwd', events: ['*'] }, 'url'],
      [{ url: 'not a url', events: ['*'] }, 'url'],
    ] as const
    for (const [body, field] of bad) {
      const res = await call(suite.app, 'POST', '/api/webhooks/', { token: access, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual([field])
    }
    const agent = await createAgentAndLogin(suite.app, suite.database, 'Agent')
    for (const [method, url] of [
      ['GET', '/api/webhooks/'],
      ['POST', '/api/webhooks/'],
      ['GET', '/api/webhooks/1/deliveries/'],
    ] as const) {
      const res = await call(suite.app, method, url, { token: agent.access, body: {} })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
    const seen = await call(suite.app, 'GET', '/api/history/?entity=webhook', {
      token: agent.access,
    })
    expect(seen.json<{ History: unknown[] }>().History).toEqual([])
  })

  it('refuses every internal address when saving, in any spelling', async () => {
    const { access } = await admin()
    const internal = [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://localhost:8080/',
      'http://api.localhost/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://0.0.0.0/',
      'http://[::]/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
    ]
    for (const url of internal) {
      const res = await call(suite.app, 'POST', '/api/webhooks/', {
        token: access,
        body: { url, events: ['*'] },
      })
      expect(res.statusCode, url).toBe(400)
      expect(errorOf(res).fields, url).toEqual({ url: REFUSED })
    }
    expect((await call(suite.app, 'GET', '/api/webhooks/', { token: access })).json()).toEqual({
      Webhooks: [],
    })
  })

  it('refuses a name that resolves to an internal address, unless private ones are allowed', async () => {
    const { access } = await admin()
    const resolve = (hostname: string) =>
      Promise.resolve(hostname === 'inside.example' ? ['93.184.216.34', '10.0.0.7'] : ['8.8.8.8'])
    const strict = await suite.variant({ jwtSecret: suite.config.jwtSecret, webhooks: { resolve } })
    const body = { url: 'https://inside.example/hook', events: ['*'] }
    const refused = await call(strict.app, 'POST', '/api/webhooks/', { token: access, body })
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused).fields).toEqual({ url: REFUSED })
    const outside = { url: 'https://outside.example/hook', events: ['*'] }
    const ok = await call(strict.app, 'POST', '/api/webhooks/', { token: access, body: outside })
    expect(ok.statusCode).toBe(201)
    const { id } = ok.json<{ id: number }>()
    const moved = await call(strict.app, 'PUT', `/api/webhooks/${id}/`, {
      token: access,
      body: { ...body, active: true },
    })
    expect(moved.statusCode).toBe(400)

    const open = await suite.variant({
      jwtSecret: suite.config.jwtSecret,
      webhooks: { resolve, allowPrivate: true },
    })
    for (const url of ['https://inside.example/hook', 'http://127.0.0.1:9/']) {
      const res = await call(open.app, 'POST', '/api/webhooks/', {
        token: access,
        body: { url, events: ['*'] },
      })
      expect(res.statusCode, url).toBe(201)
    }
  })
})
