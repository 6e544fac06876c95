import { describe, expect, it } from 'vitest'
import { useRestartableServer } from './helpers/restartable-server'
import type { ServerProcess } from './helpers/server-process'
import { onPostgres } from './helpers/test-db'

// Issue 12: a CSV import runs in one transaction, so a server killed (SIGKILL) in the
// middle of a 100,000-row import leaves either all of its rows or none after a restart.
const ROWS = 100_000
const { start } = useRestartableServer('import-kill')

async function signIn(server: ServerProcess): Promise<string> {
  const account = { username: 'importer', email: 'i@example.com', password: 'import-then-kill' }
  const json = { 'content-type': 'application/json' }
  await fetch(`${server.baseURL}/api/register/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  })
  const login = await fetch(`${server.baseURL}/api/users/token/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  })
  return ((await login.json()) as { access: string }).access
}

async function customerCount(server: ServerProcess, token: string): Promise<number> {
  const res = await fetch(`${server.baseURL}/api/customers/?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return ((await res.json()) as { count: number }).count
}

describe(`kill -9 during a CSV import (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('leaves all of the 100,000 rows or none', async () => {
    const first = await start()
    const token = await signIn(first)
    const rows = Array.from({ length: ROWS }, (_, i) => `Imported ${i},imp${i}@example.com,Oslo`)
    const file = `name,email,city\n${rows.join('\n')}\n`
    const started = Date.now()
    const importing = fetch(`${first.baseURL}/api/customers/import/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: file,
    }).then(
      (res) => res.status,
      () => 'no answer' as const,
    )
    // Long enough for the upload and the check, short of the whole import.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await first.kill()
    const answer = await importing
    const second = await start()
    const count = await customerCount(second, token)
    process.stdout.write(
      `\n[import kill -9, ${onPostgres ? 'PostgreSQL' : 'PGlite'}] killed ${Date.now() - started} ms in; ` +
        `the import answered: ${answer}; after the restart ${count} customers\n`,
    )
    expect([0, ROWS]).toContain(count)
    if (answer === 200) expect(count).toBe(ROWS)
    await second.kill()
  }, 120_000)
})
