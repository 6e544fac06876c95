import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anyString, call, useTestApp } from './helpers/test-app'

const s = useTestApp()
let dir = ''
// index.html holds the prerendered landing page, app.html the page every other route starts from.
const INDEX =
  '<!doctype html><html><body><div id="root"><main>Landing</main></div><script type="module" src="/assets/index-abc123.js"></script></body></html>'
const APP =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>'
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))})`

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crm-static-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), INDEX)
  writeFileSync(path.join(dir, 'app.html'), APP)
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), SCRIPT)
  // What scripts/precompress.ts writes beside each file at build time.
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('serving the built web app', () => {
  it('answers / with the prerendered landing page and deep links such as /dashboard/orders with app.html, not cached', async () => {
    const { app } = await s.variant({ staticDir: dir })
    const landing = await call(app, 'GET', '/')
    expect(landing.body).toBe(INDEX)
    expect(landing.headers['cache-control']).toBe('no-cache')
    for (const url of [
      '/dashboard/orders',
      '/dashboard/orders/',
      '/login?next=%2Fdashboard',
      '/no/such/page',
      `/dashboard/${'x'.repeat(200)}`,
    ]) {
      const res = await call(app, 'GET', url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.body, url).toBe(APP)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('serves hashed assets with a long cache, compressed when asked', async () => {
    const { app } = await s.variant({ staticDir: dir })
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('gzip')
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT)
    const icon = await call(app, 'GET', '/favicon.svg')
    expect(icon.headers['cache-control']).toBe('no-cache')
  })

  it('keeps /api answers JSON: unknown paths 404, real routes work', async () => {
    const { app } = await s.variant({ staticDir: dir })
    const nope = await call(app, 'GET', '/api/nope')
    expect(nope.statusCode).toBe(404)
    expect(nope.headers['content-type']).toMatch(/^application\/json/)
    expect(nope.json()).toEqual({ error: anyString })
    expect((await call(app, 'GET', '/api/health')).json()).toMatchObject({ status: 'ok' })
    expect((await call(app, 'GET', '/api/customers')).statusCode).toBe(401)
  })

  it('answers a missing asset, a non-GET and a path escaping the folder with 404, never a file outside', async () => {
    const { app } = await s.variant({ staticDir: dir })
    expect((await call(app, 'GET', '/assets/gone-123.js')).statusCode).toBe(404)
    expect((await call(app, 'POST', '/dashboard/orders')).statusCode).toBe(404)
    for (const url of [
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await call(app, 'GET', url)
      expect(res.body, url).not.toMatch(/root:/)
      expect(res.statusCode, url).toBeLessThan(500)
    }
  })
})

describe('Content-Security-Policy', () => {
  it('lets the web page run only its own scripts: no inline script, no eval', async () => {
    const { app } = await s.variant({ staticDir: dir })
    const csp = (await call(app, 'GET', '/dashboard/customers')).headers['content-security-policy']
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/)
    // Mantine's inline styles are allowed.
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/)
    expect(csp).not.toContain('upgrade-insecure-requests')
  })
})
