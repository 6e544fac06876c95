import { randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { errorBodySchema, type ErrorBody } from '../../../src/shared/errors'
import { buildApp, type BuildOptions } from '../../../src/server/app'
import type { AppConfig } from '../../../src/server/config'
import type { Database } from '../../../src/server/db/client'
import { createTestDatabase, emptyDatabase, workerTestDatabase, type TestDatabase } from './test-db'

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    jwtSecret: new Uint8Array(randomBytes(32)),
    accessTtl: 300,
    refreshTtl: 86_400,
    signup: 'open',
    signupRole: 'Agent',
    staticDir: null,
    logLevel: 'silent',
    ...overrides,
  }
}

export interface TestApp {
  app: FastifyInstance
  config: AppConfig
  database: Database
}

export async function buildTestApp(
  database: Database,
  overrides: Partial<AppConfig> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const config = testConfig(overrides)
  const app = await buildApp({ database, config }, options)
  return { app, config, database }
}

export interface Suite {
  app: FastifyInstance
  config: AppConfig
  database: Database
  /** DATABASE_URL of this file's database (PostgreSQL only): for a second server on it. */
  url: string | undefined
  /** Another app on the same database (other settings or limits), closed after the test. */
  variant(overrides?: Partial<AppConfig>, options?: BuildOptions): Promise<TestApp>
}

/**
 * One database per test FILE, emptied before each test, and a fresh app per test so
 * rate-limit windows never leak between tests. On PGlite the files a worker runs share
 * one database, emptied for each (workerTestDatabase); `ownDatabase` gives the file one
 * of its own instead (a file that asserts on table statistics or replaces the database).
 * `shareRows`: never emptied (it starts as the migrated, empty template), so that the
 * file's tests read rows made once (the query plan tests, which need tens of thousands).
 */
export function useTestApp({ shareRows = false, ownDatabase = false } = {}): Suite {
  let testDb: TestDatabase | undefined
  let opened: FastifyInstance[] = []
  const suite = {
    variant: async (overrides: Partial<AppConfig> = {}, options: BuildOptions = {}) => {
      const built = await buildTestApp(suite.database, overrides, options)
      opened.push(built.app)
      return built
    },
  } as Suite
  beforeAll(async () => {
    testDb = await (ownDatabase ? createTestDatabase() : workerTestDatabase())
  })
  beforeEach(async () => {
    if (!testDb) throw new Error('test database not open')
    if (!shareRows) await emptyDatabase(testDb.database)
    const built = await buildTestApp(testDb.database)
    opened = [built.app]
    Object.assign(suite, built, { url: testDb.url })
  })
  afterEach(async () => {
    await Promise.all(opened.map((app) => app.close()))
  })
  afterAll(async () => {
    await testDb?.close()
  })
  return suite
}

/** inject() with an optional bearer token. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  return app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  })
}

// Typed stand-ins for vitest's asymmetric matchers (typed `any`, which lint refuses).
export const anyString: unknown = expect.any(String)
export const anyNumber: unknown = expect.any(Number)
export const anyObject: unknown = expect.any(Object)
export const isoDateTime: unknown = expect.stringMatching(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
)

/** The error body, checked against the shared contract: `{ error, fields? }` and nothing else. */
export function errorOf(res: LightMyRequestResponse): ErrorBody {
  return errorBodySchema.strict().parse(res.json<unknown>())
}
