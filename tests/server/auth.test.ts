import { describe, expect, it } from 'vitest'
import type { TokenPair } from '../../src/shared/auth'
import { createAgentAndLogin } from './helpers/factories'
import { anyNumber, anyString, call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

const register = (body: unknown) => call(s.app, 'POST', '/api/register/', { body })
const login = (username: string, password: string) =>
  call(s.app, 'POST', '/api/users/token/', { body: { username, password } })

describe('common passwords', () => {
  it('refuses the most common passwords however they are capitalised, at sign-up and change', async () => {
    for (const password of ['password', '12345678', 'Password1', 'QWERTY123', 'iloveyou']) {
      const res = await register({ username: 'common', email: 'c@example.com', password })
      expect(res.statusCode, password).toBe(400)
      expect(errorOf(res).fields?.password).toBe('This password is too common. Choose another.')
    }
    const agent = await createAgentAndLogin(s.app, s.database)
    const change = await call(s.app, 'POST', '/api/update-password/', {
      token: agent.access,
      body: {
        current_password: agent.password,
        new_password: 'password123',
        confirm_new_password: 'password123',
      },
    })
    expect(change.statusCode).toBe(400)
    expect(errorOf(change)).toEqual({
      error: 'The new password cannot be used. This password is too common. Choose another.',
      fields: { new_password: 'This password is too common. Choose another.' },
    })
  })
})

describe('POST /api/register/', () => {
  it('creates an Agent and answers 201 { id, username, email }', async () => {
    const res = await register({
      username: 'newbie',
      email: 'n@example.com',
      password: 'long enough',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      id: anyNumber,
      username: 'newbie',
      email: 'n@example.com',
    })
    const { access } = (await login('newbie', 'long enough')).json<{ access: string }>()
    const role = await call(s.app, 'GET', '/api/agent/role/', { token: access })
    expect(role.json()).toEqual({ role: { id: 2, role: 'Agent' } })
  })

  it('answers 409 when the username is taken, ignoring case', async () => {
    await register({ username: 'Taken', email: 't@example.com', password: 'long enough' })
    const res = await register({
      username: 'tAKEN',
      email: 'x@example.com',
      password: 'long enough',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      error: 'This username is already taken.',
      fields: { username: 'This username is already taken.' },
    })
  })

  it('answers 400 with fields for a bad username, email or weak password', async () => {
    const res = await register({ username: 'a b', email: 'not-mail', password: 'short' })
    expect(res.statusCode).toBe(400)
    const { fields } = res.json<{ fields: Record<string, string> }>()
    // In a person's words, the same ones the sign-up form shows under each field.
    expect(fields).toEqual({
      username: 'Use only letters, digits and @ . + - _ (no spaces).',
      email: 'Enter a valid email address.',
      password: 'Use 8 to 128 characters.',
    })
    const empty = await register({ username: '', email: '', password: '' })
    expect(errorOf(empty).fields).toEqual({
      username: 'Enter a username.',
      email: 'Enter an email address.',
      password: 'Enter a password.',
    })
    const same = await register({
      username: 'samesame',
      email: 's@example.com',
      password: 'SameSame',
    })
    expect(same.statusCode).toBe(400)
    expect(errorOf(same).fields).toEqual({
      password: 'Choose a password that is not your username.',
    })
  })
})

describe('sign-up settings', () => {
  it('answers 403 when sign-up is closed and creates nothing', async () => {
    const closed = await s.variant({ signup: 'closed' })
    const res = await call(closed.app, 'POST', '/api/register', {
      body: { username: 'nobody', email: 'n@example.com', password: 'long enough' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ error: anyString })
    const attempt = await call(closed.app, 'POST', '/api/users/token', {
      body: { username: 'nobody', password: 'long enough' },
    })
    expect(attempt.statusCode).toBe(401)
  })
})

describe('sign-up role', () => {
  it('gives a new sign-up the configured role', async () => {
    const testers = await s.variant({ signupRole: 'Tester' })
    const body = { username: 'tess', email: 't@example.com', password: 'long enough' }
    expect((await call(testers.app, 'POST', '/api/register', { body })).statusCode).toBe(201)
    const tokens = await call(testers.app, 'POST', '/api/users/token', {
      body: { username: 'tess', password: 'long enough' },
    })
    const role = await call(testers.app, 'GET', '/api/agent/role', {
      token: tokens.json<TokenPair>().access,
    })
    expect(role.json()).toEqual({ role: { id: 3, role: 'Tester' } })
  })
})

describe('POST /api/users/token/', () => {
  it('answers 200 { access, refresh } for a good pair, username ignoring case', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const res = await login(agent.username.toUpperCase(), agent.password)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ access: anyString, refresh: anyString })
  })

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const wrong = await login(agent.username, 'wrong password')
    const unknown = await login('nobody-here', 'wrong password')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ error: 'Invalid username or password.' })
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('answers 400 when a field is missing', async () => {
    const res = await call(s.app, 'POST', '/api/users/token', { body: { username: 'x' } })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).fields).toEqual({ password: 'Enter your password.' })
  })
})

describe('POST /api/token/refresh/', () => {
  const refresh = (token: string) =>
    call(s.app, 'POST', '/api/token/refresh/', { body: { refresh: token } })

  it('answers 200 { access, refresh } for a refresh token, and the new access token works', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const res = await refresh(agent.refresh)
    expect(res.statusCode).toBe(200)
    const tokens = res.json<TokenPair>()
    expect(Object.keys(tokens).sort()).toEqual(['access', 'refresh'])
    expect(tokens.refresh).not.toBe(agent.refresh)
    const me = await call(s.app, 'GET', `/api/agents/${agent.id}`, { token: tokens.access })
    expect(me.statusCode).toBe(200)
    // The new refresh token works in turn: a session can go on refreshing.
    expect((await refresh(tokens.refresh)).statusCode).toBe(200)
  })

  it('spends a refresh token: a second use is 401 and revokes every refresh token of the agent', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const other = await call(s.app, 'POST', '/api/users/token/', {
      body: { username: agent.username, password: agent.password },
    })
    const otherSession = other.json<TokenPair>()
    const rotated = (await refresh(agent.refresh)).json<TokenPair>()
    const replay = await refresh(agent.refresh)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({ error: anyString })
    // The thief's replay ends the rotated session and the agent's other sessions too.
    expect((await refresh(rotated.refresh)).statusCode).toBe(401)
    expect((await refresh(otherSession.refresh)).statusCode).toBe(401)
  })

  it('lets only one of two refreshes sent together with one token through', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const answers = await Promise.all([refresh(agent.refresh), refresh(agent.refresh)])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401])
  })

  it('answers 401 for an access token or a garbage token', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    for (const refresh of [agent.access, 'not.a.token', `${agent.refresh}x`]) {
      const res = await call(s.app, 'POST', '/api/token/refresh', { body: { refresh } })
      expect(res.statusCode, refresh).toBe(401)
      expect(res.json()).toEqual({ error: anyString })
    }
  })
})

describe('POST /api/update-password/', () => {
  const update = (token: string, body: Record<string, string>) =>
    call(s.app, 'POST', '/api/update-password/', { token, body })

  it('changes the password, revokes the old refresh token, and only the new password logs in', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const res = await update(agent.access, {
      current_password: agent.password,
      new_password: 'brand new secret',
      confirm_new_password: 'brand new secret',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Password updated successfully' })
    const refreshed = await call(s.app, 'POST', '/api/token/refresh', {
      body: { refresh: agent.refresh },
    })
    expect(refreshed.statusCode).toBe(401)
    expect((await login(agent.username, agent.password)).statusCode).toBe(401)
    const fresh = await login(agent.username, 'brand new secret')
    expect(fresh.statusCode).toBe(200)
    const again = await call(s.app, 'POST', '/api/token/refresh', {
      body: { refresh: fresh.json<TokenPair>().refresh },
    })
    expect(again.statusCode).toBe(200)
  })

  it.each([
    [
      'the current password is wrong',
      {
        current_password: 'nope nope',
        new_password: 'brand new secret',
        confirm_new_password: 'brand new secret',
      },
      'The current password is incorrect.',
      { current_password: 'This is not your current password. Try again.' },
    ],
    [
      'the new ones differ',
      { new_password: 'brand new secret', confirm_new_password: 'brand new secreT' },
      'The new passwords do not match.',
      { confirm_new_password: 'Enter the same new password again.' },
    ],
    [
      'the new one is too short',
      { new_password: 'short', confirm_new_password: 'short' },
      'The new password cannot be used. Use 8 to 128 characters.',
      { new_password: 'Use 8 to 128 characters.' },
    ],
    [
      'the new one is too long',
      { new_password: 'x'.repeat(129), confirm_new_password: 'x'.repeat(129) },
      'The new password cannot be used. Use 8 to 128 characters.',
      { new_password: 'Use 8 to 128 characters.' },
    ],
    [
      'the new one equals the username',
      { new_password: 'USERNAME', confirm_new_password: 'USERNAME' },
      'The new password must not be the same as the username.',
      { new_password: 'Choose a password that is not your username.' },
    ],
  ])(
    'answers 400 { error, fields } and keeps the password when %s',
    async (_case, body, error, fields) => {
      const agent = await createAgentAndLogin(s.app, s.database, 'Agent', 'username')
      const res = await update(agent.access, { current_password: agent.password, ...body })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toEqual({ error, fields })
      expect((await login(agent.username, agent.password)).statusCode).toBe(200)
    },
  )

  it('answers 401 without a token', async () => {
    const res = await call(s.app, 'POST', '/api/update-password', {
      body: { current_password: 'a', new_password: 'b', confirm_new_password: 'b' },
    })
    expect(res.statusCode).toBe(401)
  })
})
