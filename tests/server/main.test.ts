import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runTsx, startTsx, waitFor } from './helpers/run-tsx'
import { freePort } from './helpers/server-process'

// `npm start` as an operator meets it: a child process with only the environment given.
const temp = mkdtempSync(path.join(tmpdir(), 'crm-main-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

// Served as the built web app, so the tests need no `vite build`.
const web = path.join(temp, 'web')
mkdirSync(web)
writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Rapport test page</title>')
writeFileSync(path.join(web, 'app.html'), '<!doctype html><title>Rapport app page</title>')

const start = (env: Record<string, string>) =>
  runTsx('src/server/main.ts', [], { LOG_LEVEL: 'warn', ...env })

/** A failed start: exit 1, nothing on stdout, one line on stderr, no stack trace. */
async function failedStart(env: Record<string, string>): Promise<string> {
  const result = await start({ CRM_DATA_DIR: path.join(temp, 'unused'), ...env })
  expect(result.code).toBe(1)
  expect(result.stdout).toBe('')
  expect(result.stderr).not.toContain('    at ')
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
  return result.stderr.trim()
}

describe('starting the server', () => {
  it('refuses a bad PORT in one line', async () => {
    expect(await failedStart({ PORT: 'abc' })).toBe(
      "PORT must be a whole number from 1 to 65535, got 'abc'",
    )
  })

  it('refuses a data folder it cannot write in one line', async () => {
    const file = path.join(temp, 'a-file')
    writeFileSync(file, '')
    expect(await failedStart({ CRM_DATA_DIR: path.join(file, 'data') })).toMatch(
      /^CRM_DATA_DIR folder .*a-file\/data is not writable: /,
    )
  })

  it('refuses an unreachable DATABASE_URL in one line, without its password', async () => {
    const message = await failedStart({ DATABASE_URL: 'postgres://nobody:hunter2@127.0.0.1:1/x' })
    expect(message).toMatch(/^Cannot connect to the database at postgres:\/\/127\.0\.0\.1:1\/x: \S/)
    expect(message).not.toContain('hunter2')
  })

  it('serves the API and the web app, prints the address, demo sign-ins and open sign-up, and stops on SIGTERM', async () => {
    const port = await freePort()
    const dataDir = path.join(temp, 'data')
    const server = startTsx('src/server/main.ts', [], {
      PORT: String(port),
      CRM_DATA_DIR: dataDir,
      // Serves this folder as the built web app, so the test needs no `vite build`.
      CRM_STATIC_DIR: web,
      LOG_LEVEL: 'warn',
    })
    try {
      const address = `http://127.0.0.1:${port}`
      expect(await waitFor(() => server.stdout().includes('Sign-up is'), 90_000)).toBe(true)
      expect(server.stdout()).toBe(
        `Rapport CRM is running at ${address}\n` +
          'Demo sign-ins: demo / demo-password (Agent), tester / tester-password (Tester)\n' +
          'Sign-up is open (CRM_SIGNUP=closed to close it)\n',
      )
      const health = await fetch(`${address}/api/health`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' })
      expect(await (await fetch(`${address}/dashboard/customers`)).text()).toContain(
        'Rapport app page',
      )
      const login = await fetch(`${address}/api/users/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
      })
      expect(login.status).toBe(200)

      // PGlite is single-process: a second server on the same folder must refuse.
      const second = await start({ PORT: String(await freePort()), CRM_DATA_DIR: dataDir })
      expect(second.code).toBe(1)
      expect(second.stderr).toMatch(/^The embedded database in .* is in use by process \d+/)

      server.child.kill('SIGTERM')
      const { code } = await server.exited
      expect(code).toBe(0)
      expect(server.stderr()).toBe('')
      expect(existsSync(path.join(dataDir, 'in-use.pid'))).toBe(false)
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true)
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }
  })

  it('closes sign-up in production by default and says so, without demo data', async () => {
    const port = await freePort()
    const server = startTsx('src/server/main.ts', [], {
      PORT: String(port),
      CRM_DATA_DIR: path.join(temp, 'production'),
      CRM_STATIC_DIR: web,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    })
    try {
      const address = `http://127.0.0.1:${port}`
      expect(await waitFor(() => server.stdout().includes('Sign-up is'), 90_000)).toBe(true)
      expect(server.stdout()).toBe(
        `Rapport CRM is running at ${address}\n` +
          'Sign-up is closed: Admins add people on the Team screen (or npm run crm -- create-user)\n',
      )
      const register = await fetch(`${address}/api/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'stranger',
          email: 's@example.com',
          password: 'x-9f3k-2m',
        }),
      })
      expect(register.status).toBe(403)
      server.child.kill('SIGTERM')
      expect((await server.exited).code).toBe(0)
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }
  })
})
