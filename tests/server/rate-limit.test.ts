import { describe, expect, it } from 'vitest'
import { MemoryAttempts } from '../../src/server/http/rate-limit'
import { createAgentAndLogin } from './helpers/factories'
import { anyString, call, useTestApp } from './helpers/test-app'
import { onPostgres } from './helpers/test-db'

const s = useTestApp()

/** An app whose limiters read a clock the test moves by hand. */
async function clockedApp() {
  // From the real time: on PostgreSQL the windows opened by createAgentAndLogin are shared.
  const clock = { now: Date.now() }
  const { app } = await s.variant({ jwtSecret: s.config.jwtSecret }, { now: () => clock.now })
  const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/users/token/',
      remoteAddress,
      payload: { username, password },
    })
  return { app, clock, login }
}

describe('login limits', () => {
  it('blocks a username after 10 failures in a minute, even with the right password', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { clock, login } = await clockedApp()
    for (let i = 0; i < 10; i++) {
      // From ten different addresses: only the username ties them together.
      expect((await login(agent.username, 'wrong password', `10.0.1.${i}`)).statusCode).toBe(401)
    }
    const blocked = await login(agent.username.toUpperCase(), agent.password, '10.0.2.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ error: anyString })
    expect(blocked.headers['retry-after']).toBe('60')
    clock.now += 45_000
    const later = await login(agent.username, agent.password, '10.0.2.2')
    expect(later.statusCode).toBe(429)
    expect(later.headers['retry-after']).toBe('15')
    clock.now += 15_000
    expect((await login(agent.username, agent.password, '10.0.2.3')).statusCode).toBe(200)
  })

  it('blocks an address after 10 failures in a minute, whatever the username', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { clock, login } = await clockedApp()
    for (let i = 0; i < 10; i++) {
      expect((await login(`nobody${i}`, 'wrong password', '10.9.9.9')).statusCode).toBe(401)
    }
    const blocked = await login(agent.username, agent.password, '10.9.9.9')
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is not affected.
    expect((await login(agent.username, agent.password, '10.9.9.8')).statusCode).toBe(200)
    clock.now += 60_000
    expect((await login(agent.username, agent.password, '10.9.9.9')).statusCode).toBe(200)
  })

  it('does not block after 9 failures, nor count successful logins', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { login } = await clockedApp()
    for (let i = 0; i < 9; i++) {
      expect((await login(agent.username, 'wrong password')).statusCode).toBe(401)
    }
    for (let i = 0; i < 3; i++) {
      expect((await login(agent.username, agent.password)).statusCode).toBe(200)
    }
  })
})

describe('login limits under concurrency', () => {
  it('counts guesses sent together: of 20 at once, 10 are checked and 10 refused', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { login } = await clockedApp()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(agent.username, 'wrong password')),
    )
    const statuses = answers.map((res) => res.statusCode).sort()
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(10).fill(429)])
    expect((await login(agent.username, agent.password)).statusCode).toBe(429)
  })

  it.runIf(onPostgres)('shares the counts between servers on one PostgreSQL', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const a = await clockedApp()
    const b = await clockedApp()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).login(agent.username, 'wrong password', `10.3.0.${i}`),
      ),
    )
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(10)
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(10)
  })

  it('compares usernames in one normal form: İ or full-width letters get no budget of their own', async () => {
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent', 'timid')
    const { login } = await clockedApp()
    for (let i = 0; i < 10; i++) {
      expect((await login(agent.username, 'wrong password', `10.4.0.${i}`)).statusCode).toBe(401)
    }
    for (const spelling of ['tİmİd', 'TIMID', 'ｔｉｍｉｄ']) {
      const res = await login(spelling, agent.password, '10.4.1.1')
      expect(res.statusCode, spelling).not.toBe(200)
    }
  })
})

describe('password change limit', () => {
  it('answers 429 after 10 wrong current passwords in a minute, even to the right one', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { app, clock } = await clockedApp()
    const change = (current: string) =>
      call(app, 'POST', '/api/update-password/', {
        token: agent.access,
        body: {
          current_password: current,
          new_password: 'another-secret-1',
          confirm_new_password: 'another-secret-1',
        },
      })
    const wrong = await Promise.all(Array.from({ length: 12 }, () => change('not my password')))
    expect(wrong.filter((res) => res.statusCode === 400)).toHaveLength(10)
    expect(wrong.filter((res) => res.statusCode === 429)).toHaveLength(2)
    const blocked = await change(agent.password)
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    clock.now += 60_000
    expect((await change(agent.password)).statusCode).toBe(200)
  })
})

describe('sign-up limit', () => {
  it('allows 20 sign-ups a minute from one address, then 429 with Retry-After', async () => {
    const { app, clock } = await clockedApp()
    const register = (i: number, remoteAddress = '10.1.1.1') =>
      app.inject({
        method: 'POST',
        url: '/api/register/',
        remoteAddress,
        payload: { username: `user${i}`, email: `u${i}@example.com`, password: 'long enough' },
      })
    for (let i = 0; i < 20; i++) expect((await register(i)).statusCode).toBe(201)
    const blocked = await register(20)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBe('60')
    expect((await register(21, '10.1.1.2')).statusCode).toBe(201)
    clock.now += 60_000
    expect((await register(22)).statusCode).toBe(201)
  })
})

describe('MemoryAttempts', () => {
  it('counts per key, gives back, reports whole seconds left, and forgets a passed window', async () => {
    let now = 0
    const counter = new MemoryAttempts({ max: 2, windowMs: 10_000 }, () => now)
    expect(await counter.take('a')).toEqual({ blocked: false, retryAfter: 0 })
    expect(await counter.take('a')).toEqual({ blocked: false, retryAfter: 0 })
    expect(await counter.take('b')).toEqual({ blocked: false, retryAfter: 0 })
    expect(await counter.take('a')).toEqual({ blocked: true, retryAfter: 10 })
    await counter.giveBack('a')
    await counter.giveBack('a')
    expect((await counter.take('a')).blocked).toBe(false)
    now = 9_001
    expect(await counter.take('a')).toEqual({ blocked: true, retryAfter: 1 })
    now = 10_000
    expect((await counter.take('a')).blocked).toBe(false)
  })
})
