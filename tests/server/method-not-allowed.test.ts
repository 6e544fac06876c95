import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createAgentAndLogin } from './helpers/factories'
import { anyString, call, useTestApp } from './helpers/test-app'

const s = useTestApp()
const listening: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(listening.splice(0).map((app) => app.close()))
})
const web = mkdtempSync(path.join(tmpdir(), 'crm-405-'))
for (const page of ['index.html', 'app.html'])
  writeFileSync(path.join(web, page), '<!doctype html>')
afterAll(() => rmSync(web, { recursive: true, force: true }))

describe('a method the path does not take', () => {
  it('answers 405 with Allow listing the methods the path has, and a JSON { error }', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    for (const [method, url, allow] of [
      ['QUERY', '/api/customers/', 'GET, HEAD, POST'],
      ['PATCH', '/api/customers/1', 'DELETE, GET, HEAD, PUT'],
      ['PATCH', '/api/customers/1/', 'DELETE, GET, HEAD, PUT'],
      ['DELETE', '/api/customers/', 'GET, HEAD, POST'],
      ['DELETE', '/api/customers', 'GET, HEAD, POST'],
      ['PUT', '/api/orders/?limit=5', 'GET, HEAD, POST'],
      ['GET', '/api/users/token/', 'POST'],
      ['OPTIONS', '/api/health', 'GET, HEAD'],
      ['POST', '/api/agents/7/role/', 'PUT'],
      ['POST', '/api/customers/3/summary/', 'GET, HEAD'],
    ] as const) {
      // With a token and without: the path's methods are no secret, and nothing runs.
      for (const token of [access, undefined]) {
        const res = await call(s.app, method, url, { token })
        const what = `${method} ${url}`
        expect(res.statusCode, what).toBe(405)
        expect(res.headers.allow, what).toBe(allow)
        expect(res.headers['content-type'], what).toMatch(/^application\/json/)
        expect(res.json(), what).toEqual({ error: anyString })
      }
    }
  })

  it('answers QUERY with a body the same way, and changes nothing', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'QUERY', '/api/customers/', {
      token: access,
      body: { name: 'Nobody' },
    })
    expect(res.statusCode).toBe(405)
    const list = await call(s.app, 'GET', '/api/customers/', { token: access })
    expect(list.json<{ count: number }>().count).toBe(0)
  })

  it('keeps an unknown /api path a JSON 404, whatever the method', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    for (const [method, url] of [
      ['QUERY', '/api/nope'],
      ['GET', '/api/nope/'],
      ['PATCH', '/api/customers/1/orders'],
      ['DELETE', '/api'],
      ['GET', '/dashboard/orders'],
      ['QUERY', '/dashboard/orders'],
    ] as const) {
      const res = await call(s.app, method, url, { token: access })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.headers.allow).toBeUndefined()
      expect(res.json()).toEqual({ error: anyString })
    }
  })

  it('answers QUERY over a real connection with 405, not 400', async () => {
    const app = (await s.variant()).app
    listening.push(app)
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${base}/api/customers/`, { method: 'QUERY' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST')
    expect(await res.json()).toEqual({ error: anyString })
  })
  it('answers the same with the web app served, whose pages take every other GET', async () => {
    const { app } = await s.variant({ staticDir: web })
    const res = await call(app, 'GET', '/api/register/')
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('POST')
    expect(res.json()).toEqual({ error: anyString })
    expect((await call(app, 'QUERY', '/api/customers')).headers.allow).toBe('GET, HEAD, POST')
    expect((await call(app, 'GET', '/api/nope')).statusCode).toBe(404)
    expect((await call(app, 'PATCH', '/dashboard/orders')).statusCode).toBe(404)
    expect((await call(app, 'GET', '/dashboard/orders')).statusCode).toBe(200)
  })
})
