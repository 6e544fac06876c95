import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startServerProcess, type ServerProcess } from './server-process'
import { createTestDatabase, onPostgres, type TestDatabase } from './test-db'

/**
 * The real server as a process that a test kills and starts again on the same data: a
 * temp data folder (PGlite) or a fresh database (PostgreSQL), one signing key, and no
 * server left running after the file, even when a test failed half-way.
 */
export function useRestartableServer(name: string): { start: () => Promise<ServerProcess> } {
  const folder = mkdtempSync(path.join(tmpdir(), `crm-${name}-`))
  let postgres: TestDatabase | undefined
  const running = new Set<ServerProcess>()
  const env: Record<string, string> = {
    CRM_DATA_DIR: path.join(folder, 'data'),
    CRM_JWT_SECRET: randomBytes(32).toString('hex'),
    CRM_DEMO: '0',
    CRM_STATIC_DIR: 'off',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  }
  beforeAll(async () => {
    if (onPostgres) postgres = await createTestDatabase()
  })
  afterAll(async () => {
    await Promise.all([...running].map((server) => server.kill()))
    await postgres?.close()
    rmSync(folder, { recursive: true, force: true })
  })
  const start = async () => {
    const server = await startServerProcess(
      postgres?.url ? { ...env, DATABASE_URL: postgres.url } : env,
    )
    running.add(server)
    void server.exited.then(() => running.delete(server))
    return server
  }
  return { start }
}
