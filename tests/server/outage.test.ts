import { createServer, connect, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client'
import { createAgentAndLogin } from './helpers/factories'
import { buildTestApp, call, type TestApp } from './helpers/test-app'
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/test-db'

/**
 * A TCP relay between the server and PostgreSQL that the test can cut and restore: the
 * database "goes down" (connections drop, new ones are refused) and comes back.
 */
class Relay {
  private server: Server | undefined
  private readonly sockets = new Set<Socket>()
  port = 0

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
        socket.on('error', () => socket.destroy())
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve))
    const address = this.server.address()
    this.port = typeof address === 'object' && address ? address.port : 0
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    )
  }
}

describe.runIf(onPostgres)('a PostgreSQL outage', () => {
  let testDb: TestDatabase
  let relay: Relay
  let database: Database
  let built: TestApp

  beforeAll(async () => {
    testDb = await createTestDatabase()
    const url = new URL(testDb.url ?? '')
    relay = new Relay({ host: url.hostname, port: Number(url.port) })
    await relay.up()
    url.host = `127.0.0.1:${relay.port}`
    database = await openDatabase({ url: url.toString(), poolSize: 3 })
    built = await buildTestApp(database)
  })

  afterAll(async () => {
    await built.app.close()
    await database.close()
    await relay.down()
    await testDb.close()
  })

  it('is answered 503 with Retry-After, health says so, and the server recovers on its own', async () => {
    const agent = await createAgentAndLogin(built.app, database)
    const list = () => call(built.app, 'GET', '/api/customers/', { token: agent.access })
    expect((await list()).statusCode).toBe(200)

    await relay.down()
    for (const res of [
      await list(),
      await call(built.app, 'GET', '/api/health'),
      await call(built.app, 'POST', '/api/users/token/', {
        body: { username: agent.username, password: agent.password },
      }),
    ]) {
      expect(res.statusCode).toBe(503)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      expect(res.json()).toEqual({ error: 'The database is not answering. Try again shortly.' })
    }

    await relay.up()
    expect((await call(built.app, 'GET', '/api/health')).statusCode).toBe(200)
    expect((await list()).statusCode).toBe(200)
  })
})
