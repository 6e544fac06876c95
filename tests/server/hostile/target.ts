import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../../src/server/http/rate-limit'
import type { AppConfig } from '../../../src/server/config'
import { createAgentAndLogin, createCustomer, createOrder } from '../helpers/factories'
import { buildTestApp } from '../helpers/test-app'
import { createTestDatabase, type TestDatabase } from '../helpers/test-db'
import { Corpus, type HostileRequest } from './corpus'
import { forgedTokens, type ForgedToken } from './forged-tokens'
import type { Fixtures } from './actors'
import { discoverRoutes, type Route } from './routes'

/**
 * Limits high enough that the corpus is never answered 429 (a valid 4xx, but one that
 * would hide what the route does with the input behind it). Every limit the app knows
 * is raised, so one added later does not throttle the corpus either.
 */
const noLimits = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1_000_000, windowMs: 60_000 }]),
) as Partial<RateLimits>

/** The secret a path that climbs out of the web app's folder would find (corpus.ts looks for it). */
export const SECRET_FILE = 'HOSTILE-SECRET-FILE.txt'

/**
 * A built web app as the server serves it in production (index.html and hashed assets),
 * with a secret file beside its folder for a path traversal to find.
 */
function webAppFolder(): { root: string; web: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'crm-hostile-'))
  const web = path.join(root, 'web')
  mkdirSync(path.join(web, 'assets'), { recursive: true })
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Rapport</title>')
  writeFileSync(path.join(web, 'app.html'), '<!doctype html><title>Rapport</title>')
  writeFileSync(path.join(web, 'assets', 'app-3f2a1b.js'), 'console.log("app")')
  writeFileSync(path.join(root, SECRET_FILE), 'HOSTILE-SECRET-CONTENT')
  return { root, web }
}

/** One section of the corpus: its own records and its own tally, on the shared app. */
export interface Section {
  app: FastifyInstance
  routes: Route[]
  fixtures: Fixtures
  corpus: Corpus
  forged: ForgedToken[]
  /** The Agent's access token, for requests written by hand. */
  agentToken: string
  /** The app on a real port (for requests `inject` cannot send). */
  listen(): Promise<number>
  /** Sends everything, the deletes last so they do not pull the records from the rest. */
  send(requests: HostileRequest[]): Promise<void>
  /** The server still answers ordinary calls, and nothing reached Object.prototype. */
  stillHealthy(): Promise<void>
}

export interface Target {
  section(): Promise<Section>
  close(): Promise<void>
}

/**
 * A database, an app on it and an actor of each role, made once per file (a PGlite cold
 * start and four password hashes cost seconds); each section adds its own records.
 */
// Each section generates every hostile value for every route: many thousands of
// requests as routes are added. The run keeps, per route and method, an even spread of
// at most this many (every n-th), so each route still meets each kind of value while
// CI stays quick. HOSTILE_PER_ROUTE=0 sends them all.
const PER_ROUTE = Number(process.env.HOSTILE_PER_ROUTE ?? 24)

function sampled(requests: HostileRequest[]): HostileRequest[] {
  if (PER_ROUTE <= 0) return requests
  const byRoute = new Map<string, HostileRequest[]>()
  for (const request of requests) {
    // `/api/customers/abc/summary` and `/api/customers/7/summary` are one route.
    const segments = (request.url.split('?')[0] ?? '').split('/')
    if (segments.length > 3) segments[3] = '*'
    const key = `${request.method} ${segments.join('/')}`
    byRoute.set(key, [...(byRoute.get(key) ?? []), request])
  }
  return [...byRoute.values()].flatMap((group) => {
    if (group.length <= PER_ROUTE) return group
    const step = group.length / PER_ROUTE
    return Array.from({ length: PER_ROUTE }, (_, k) => group[Math.floor(k * step)]).filter(
      (request): request is HostileRequest => request !== undefined,
    )
  })
}

export async function openTarget(overrides: Partial<AppConfig> = {}): Promise<Target> {
  const folder = webAppFolder()
  const testDb: TestDatabase = await createTestDatabase()
  const { app, config } = await buildTestApp(
    testDb.database,
    { staticDir: folder.web, ...overrides },
    { rateLimits: noLimits },
  )
  const login = (role: 'Agent' | 'Tester' | 'Admin') =>
    createAgentAndLogin(app, testDb.database, role)
  const agent = await login('Agent')
  const tester = await login('Tester')
  const admin = await login('Admin')
  const victim = await login('Agent')
  const routes = await discoverRoutes(app)
  const forged = await forgedTokens(config.jwtSecret, agent, victim)
  // Records made by one section show up in the lists another section reads.
  const echoes = new Set<string>()
  return {
    close: async () => {
      await app.close()
      await testDb.close()
      rmSync(folder.root, { recursive: true, force: true })
    },
    section: async () => {
      const customer = await createCustomer(app, agent.access)
      const order = await createOrder(app, agent.access, { customer: customer.id })
      const fixtures: Fixtures = {
        agentId: agent.id,
        testerId: tester.id,
        victimId: victim.id,
        customerId: customer.id,
        orderId: order.id,
      }
      const tokens = { agent: agent.access, tester: tester.access, admin: admin.access }
      const corpus = new Corpus(app, tokens, echoes)
      return {
        app,
        routes,
        fixtures,
        corpus,
        forged,
        agentToken: agent.access,
        listen: async () => {
          if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' })
          const address = app.server.address()
          if (!address || typeof address === 'string') throw new Error('not listening')
          return address.port
        },
        send: async (generated) => {
          const requests = sampled(generated)
          await corpus.sendAll(requests.filter((r) => r.method !== 'DELETE'))
          await corpus.sendAll(requests.filter((r) => r.method === 'DELETE'))
        },
        stillHealthy: async () => {
          expect(({} as Record<string, unknown>).polluted).toBeUndefined()
          expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
          const list = await app.inject({
            method: 'GET',
            url: '/api/customers/?limit=5',
            headers: { authorization: `Bearer ${agent.access}` },
          })
          expect(list.statusCode, list.body).toBe(200)
        },
      }
    },
  }
}
