import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/server/app'
import { ensureWritableDir } from '../../src/server/data-dir'
import {
  openConfiguredDatabase,
  type ConfiguredDatabase,
} from '../../src/server/db/open-configured'
import { loadJwtSecret } from '../../src/server/secret'
import { call, testConfig } from './helpers/test-app'
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/test-db'

// A "server" here is what main.ts assembles: the data folder's signing key, the
// database the settings name, and buildApp. Closing both and opening them again is a
// restart; nothing written before it may be lost, and sign-ins must survive it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-restart-'))
let postgres: TestDatabase | undefined

interface Server {
  app: FastifyInstance
  opened: ConfiguredDatabase
  stop(): Promise<void>
}

async function startServer(): Promise<Server> {
  ensureWritableDir(dataDir)
  const secret = loadJwtSecret({ envSecret: undefined, dataDir, sharedDatabase: false })
  const opened = await openConfiguredDatabase({ databaseUrl: postgres?.url, dataDir })
  const app = await buildApp({
    database: opened.database,
    config: testConfig({ jwtSecret: secret.key }),
  })
  return {
    app,
    opened,
    stop: async () => {
      await app.close()
      await opened.close()
    },
  }
}

beforeAll(async () => {
  if (onPostgres) postgres = await createTestDatabase()
})

afterAll(async () => {
  await postgres?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('restart', () => {
  it('keeps agents, customers, orders and signed-in sessions', async () => {
    const before = await startServer()
    const register = await call(before.app, 'POST', '/api/register/', {
      body: { username: 'keeper', email: 'keeper@example.com', password: 'keep-me-safe' },
    })
    expect(register.statusCode).toBe(201)
    const tokens = await call(before.app, 'POST', '/api/users/token/', {
      body: { username: 'keeper', password: 'keep-me-safe' },
    })
    const { access, refresh } = tokens.json<{ access: string; refresh: string }>()
    const customer = await call(before.app, 'POST', '/api/customers/', {
      token: access,
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        city: 'London',
        country: 'United Kingdom',
        phone: '+44 20 7946 0001',
      },
    })
    expect(customer.statusCode).toBe(201)
    const customerId = customer.json<{ id: number }>().id
    const order = await call(before.app, 'POST', '/api/orders/', {
      token: access,
      body: { customer: customerId, status: 'Out for delivery', total_Amount: '125.50' },
    })
    expect(order.statusCode).toBe(201)
    const orderId = order.json<{ id: number }>().id
    await before.stop()

    const after = await startServer()
    try {
      // The access token issued before the restart still verifies: the key was reused.
      const readCustomer = await call(after.app, 'GET', `/api/customers/${customerId}`, {
        token: access,
      })
      expect(readCustomer.statusCode).toBe(200)
      expect(readCustomer.json()).toEqual(customer.json())
      const readOrder = await call(after.app, 'GET', `/api/orders/${orderId}`, { token: access })
      expect(readOrder.json()).toMatchObject({
        id: orderId,
        customer: customerId,
        customer_name: 'Ada Lovelace',
        status: 'Out for delivery',
        total_Amount: '125.50',
      })
      const refreshed = await call(after.app, 'POST', '/api/token/refresh/', { body: { refresh } })
      expect(refreshed.statusCode).toBe(200)
      const relogin = await call(after.app, 'POST', '/api/users/token/', {
        body: { username: 'keeper', password: 'keep-me-safe' },
      })
      expect(relogin.statusCode).toBe(200)
    } finally {
      await after.stop()
    }
  })

  it('would sign everybody out with another key, which is why the key is kept', async () => {
    const server = await startServer()
    try {
      const tokens = await call(server.app, 'POST', '/api/users/token/', {
        body: { username: 'keeper', password: 'keep-me-safe' },
      })
      const { access } = tokens.json<{ access: string }>()
      const stranger = await buildApp({ database: server.opened.database, config: testConfig() })
      try {
        expect((await call(stranger, 'GET', '/api/customers/', { token: access })).statusCode).toBe(
          401,
        )
      } finally {
        await stranger.close()
      }
    } finally {
      await server.stop()
    }
  })
})
