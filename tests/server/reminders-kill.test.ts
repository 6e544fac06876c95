import { describe, expect, it } from 'vitest'
import { useRestartableServer } from './helpers/restartable-server'
import type { ServerProcess } from './helpers/server-process'
import { onPostgres } from './helpers/test-db'

// Issue 24: a server killed with `kill -9` while reminders are due; after the restart
// every one is raised exactly once. The real server process is given tasks whose
// reminders are already due (30 s ago, within the contract's one minute), so its ticks
// raise them while the rest are still being made; SIGKILL the moment the last one is
// made (the last second's not raised yet), then a restart on the same data.
const TASKS = 300
const IN_FLIGHT = 10

const { start } = useRestartableServer('reminders-kill')

async function call(
  server: ServerProcess,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
) {
  const res = await fetch(`${server.baseURL}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return {
    status: res.status,
    body: (await res.json().catch(() => null)) as Record<string, unknown>,
  }
}

async function signedUp(server: ServerProcess): Promise<{ access: string }> {
  const account = {
    username: 'reminded',
    email: 'reminded@example.com',
    password: 'reminded-once-each',
  }
  expect((await call(server, 'POST', '/api/register/', undefined, account)).status).toBe(201)
  const login = await call(server, 'POST', '/api/users/token/', undefined, account)
  expect(login.status).toBe(200)
  return { access: String(login.body.access) }
}

interface Reminder {
  id: number
  task: { id: number }
}

async function reminders(server: ServerProcess, token: string): Promise<Reminder[]> {
  const res = await call(server, 'GET', '/api/reminders/?limit=500', token)
  expect(res.status).toBe(200)
  return res.body.Reminders as Reminder[]
}

describe(`reminders through a kill -9 (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('raises every due reminder exactly once after a SIGKILL and a restart', async () => {
    const first = await start()
    const { access } = await signedUp(first)
    const remind_at = new Date(Date.now() - 30_000).toISOString()
    const made: number[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < TASKS) {
          const i = next++
          const res = await call(first, 'POST', '/api/tasks/', access, {
            title: `Call back ${i}`,
            remind_at,
          })
          expect(res.status).toBe(201)
          made.push(Number(res.body.id))
        }
      }),
    )
    const before = (await reminders(first, access)).length
    await first.kill()
    console.log(`reminders raised before the kill: about ${before} of ${TASKS}`)

    const second = await start()
    const { access: again } = await (async () => {
      const login = await call(second, 'POST', '/api/users/token/', undefined, {
        username: 'reminded',
        password: 'reminded-once-each',
      })
      return { access: String(login.body.access) }
    })()
    await expect
      .poll(async () => (await reminders(second, again)).length, { timeout: 30_000, interval: 250 })
      .toBe(TASKS)
    const raised = await reminders(second, again)
    expect(new Set(raised.map((r) => r.task.id))).toEqual(new Set(made))
    expect(new Set(raised.map((r) => r.id)).size).toBe(TASKS)
    await second.stop()
  })
})
