import { describe, expect, it } from 'vitest'
import { servedRoutes } from './helpers/served-routes'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

/** Every path of docs/api.md (without the trailing slash), with its methods. */
const CONTRACT: Record<string, string[]> = {
  '/api/register': ['post'],
  '/api/users/token': ['post'],
  '/api/token/refresh': ['post'],
  '/api/update-password': ['post'],
  '/api/agents': ['get', 'post'],
  '/api/agents/{id}': ['get', 'put'],
  '/api/agents/{id}/role': ['put'],
  '/api/agents/{id}/active': ['put'],
  '/api/history': ['get'],
  '/api/events': ['get'],
  '/api/customers/export': ['get'],
  '/api/orders/export': ['get'],
  '/api/customers/import': ['post'],
  '/api/orders/import': ['post'],
  '/api/customers/{id}/restore': ['post'],
  '/api/orders/{id}/restore': ['post'],
  '/api/agent/role': ['get'],
  '/api/customers': ['get', 'post'],
  '/api/customers/{id}': ['get', 'put', 'delete'],
  '/api/customers/{id}/summary': ['get'],
  '/api/orders': ['get', 'post'],
  '/api/orders/{id}': ['get', 'put', 'delete'],
  '/api/stats/customers-by-city': ['get'],
  '/api/stats/orders-by-status': ['get'],
  '/api/reports/sales': ['get'],
  '/api/reports/sales/export': ['get'],
  '/api/health': ['get'],
  '/api/agents/directory': ['get'],
  '/api/stats/customers-by-country': ['get'],
  '/api/views': ['get', 'post'],
  '/api/views/{id}': ['put', 'delete'],
  '/api/customers/bulk': ['post'],
  '/api/orders/bulk': ['post'],
}

interface OpenApiDocument {
  openapi: string
  info: { license?: { name: string } }
  servers?: { url: string }[]
  security?: unknown[]
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }> }
  paths: Record<
    string,
    Record<
      string,
      {
        responses?: Record<string, unknown>
        requestBody?: unknown
        parameters?: unknown[]
        operationId?: string
        security?: unknown[]
      }
    >
  >
}

/**
 * `METHOD /api/path/{id}` for every API route served, without the documentation's own
 * pages.
 */
function servedApiRoutes(): string[] {
  return servedRoutes(s.app)
    .filter(
      ({ path }) =>
        path.startsWith('/api/') && !path.startsWith('/api/docs') && path !== '/api/openapi.json',
    )
    .map(({ method, path }) => `${method} ${path}`)
}

async function openApi(): Promise<OpenApiDocument> {
  const res = await call(s.app, 'GET', '/api/openapi.json')
  expect(res.statusCode).toBe(200)
  return res.json<OpenApiDocument>()
}

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3 document without a token', async () => {
    const doc = await openApi()
    expect(doc.openapi).toMatch(/^3\./)
  })

  it('lists every path of API.md with its methods, request and response shapes', async () => {
    const doc = await openApi()
    for (const [path, methods] of Object.entries(CONTRACT)) {
      expect(doc.paths, path).toHaveProperty([path])
      for (const method of methods) {
        const operation = doc.paths[path]?.[method]
        expect(operation, `${method} ${path}`).toBeDefined()
        expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toContainEqual(
          expect.stringMatching(/^2\d\d$/),
        )
        // Every write takes a body but a restore, which names its record in the path.
        const takesBody = (method === 'post' || method === 'put') && !path.endsWith('/restore')
        if (takesBody) expect(operation?.requestBody, `${method} ${path}`).toBeDefined()
      }
    }
  })

  it('documents every /api route the server answers, so none is left out', async () => {
    const doc = await openApi()
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    )
    const served = servedApiRoutes()
    expect(served.length).toBeGreaterThan(15)
    for (const route of served) expect(documented, route).toContain(route)
  })

  it('names every operation and declares the bearer scheme, servers and licence', async () => {
    const doc = await openApi()
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }) as unknown,
    })
    expect(doc.security).toEqual([{ bearerAuth: [] }])
    expect(doc.servers?.length).toBeGreaterThan(0)
    expect(doc.info.license?.name).toBe('MIT')
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route: `${method} ${path}`, ...op })),
    )
    const ids = operations.map((op) => op.operationId)
    for (const op of operations) expect(op.operationId, op.route).toMatch(/^[a-z][A-Za-z0-9]+$/)
    expect(new Set(ids).size).toBe(ids.length)
    const byRoute = new Map(operations.map((op) => [op.route, op]))
    expect(byRoute.get('get /api/customers')?.operationId).toBe('getCustomers')
    expect(byRoute.get('get /api/customers')?.security).toEqual([{ bearerAuth: [] }])
    expect(byRoute.get('post /api/users/token')?.security).toEqual([])
    expect(byRoute.get('get /api/health')?.security).toEqual([])
  })

  it('serves readable reference pages at /api/docs', async () => {
    const res = await call(s.app, 'GET', '/api/docs/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toContain('swagger')
  })
})
