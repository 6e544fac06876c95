import { describe, expect, it } from 'vitest'
import { WindowCounter } from '../../src/server/http/rate-limit'
import { createAgentAndLogin } from './helpers/factories'
import { anyString, useTestApp } from './helpers/test-app'

const s = useTestApp()

/** An app whose limiters read a clock the test moves by hand. */
async function clockedApp() {
  const clock = { now: 1_000_000 }
  const { app } = await s.variant({}, { now: () => clock.now })
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

describe('WindowCounter', () => {
  it('counts per key, reports whole seconds left, and forgets a passed window', () => {
    let now = 0
    const counter = new WindowCounter({ max: 2, windowMs: 10_000 }, () => now)
    counter.hit('a')
    counter.hit('a')
    counter.hit('b')
    expect(counter.check('a')).toEqual({ blocked: true, retryAfter: 10 })
    expect(counter.check('b')).toEqual({ blocked: false, retryAfter: 0 })
    now = 9_001
    expect(counter.check('a')).toEqual({ blocked: true, retryAfter: 1 })
    now = 10_000
    expect(counter.check('a').blocked).toBe(false)
  })
})
