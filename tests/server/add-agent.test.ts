import { describe, expect, it } from 'vitest'
import type { TeamAgentResponse } from '../../src/shared/agent'
import type { HistoryList } from '../../src/shared/history'
import { createAgentAndLogin } from './helpers/factories'
import { call, errorOf, isoDateTime, useTestApp } from './helpers/test-app'

const s = useTestApp()

const colleague = {
  username: 'Grace',
  email: 'grace@example.com',
  role: 'Tester',
  password: 'compile-the-cobol',
}

const addAgent = (token: string, body: unknown, app = s.app) =>
  call(app, 'POST', '/api/agents/', { token, body })

const signIn = (username: string, password: string, app = s.app) =>
  call(app, 'POST', '/api/users/token/', { body: { username, password } })

describe('POST /api/agents/ (Admin only)', () => {
  it('adds an agent with the role given, who can then sign in: 201 { Agent }', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const res = await addAgent(admin.access, { ...colleague, email: ' grace@example.com ' })
    expect(res.statusCode, res.body).toBe(201)
    const { Agent } = res.json<TeamAgentResponse>()
    expect(Agent).toEqual({
      id: expect.any(Number) as number,
      username: 'Grace',
      email: 'grace@example.com',
      first_name: '',
      last_name: '',
      role: 'Tester',
      active: true,
      last_login: null,
    })
    expect(res.body).not.toMatch(/password|hash/i)
    const login = await signIn('grace', colleague.password)
    expect(login.statusCode).toBe(200)
    const role = await call(s.app, 'GET', '/api/agent/role/', {
      token: login.json<{ access: string }>().access,
    })
    expect(role.json()).toEqual({ role: { id: 3, role: 'Tester' } })
  })

  it('records the addition in the history: entity agent, action create, no password', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin', 'boss')
    const { Agent } = (await addAgent(admin.access, colleague)).json<TeamAgentResponse>()
    const res = await call(s.app, 'GET', `/api/history/?entity=agent&entity_id=${Agent.id}`, {
      token: admin.access,
    })
    expect(res.json<HistoryList>().History).toEqual([
      {
        id: expect.any(Number) as number,
        at: isoDateTime,
        actor: { id: admin.id, username: 'boss' },
        action: 'create',
        entity: 'agent',
        entity_id: Agent.id,
        summary: 'Agent Grace added as Tester',
        changes: {
          username: [null, 'Grace'],
          email: [null, 'grace@example.com'],
          role: [null, 'Tester'],
        },
      },
    ])
    expect(res.body).not.toContain(colleague.password)
  })

  it('answers 403 to an Agent and a Tester, before looking at the body, and adds no one', async () => {
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    for (const token of [agent.access, tester.access]) {
      for (const body of [colleague, 'not json at all']) {
        const res = await addAgent(token, body)
        expect(res.statusCode).toBe(403)
        expect(errorOf(res).error).toEqual(expect.any(String))
      }
    }
    expect((await call(s.app, 'POST', '/api/agents/', { body: colleague })).statusCode).toBe(401)
    expect((await signIn(colleague.username, colleague.password)).statusCode).toBe(401)
  })

  it('answers 409 when the username is taken, ignoring case', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    await createAgentAndLogin(s.app, s.database, 'Agent', 'grace')
    const res = await addAgent(admin.access, { ...colleague, username: 'GRACE' })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toEqual({
      error: 'This username is already taken.',
      fields: { username: 'This username is already taken.' },
    })
  })

  it('answers 400 with fields for a weak password, a bad email, a bad role or a bad username', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    for (const [body, field] of [
      [{ ...colleague, password: 'short' }, 'password'],
      [{ ...colleague, password: 'password123' }, 'password'],
      [{ ...colleague, email: 'not-an-email' }, 'email'],
      [{ ...colleague, email: '' }, 'email'],
      [{ ...colleague, role: 'Boss' }, 'role'],
      [{ ...colleague, role: undefined }, 'role'],
      [{ ...colleague, username: 'no spaces' }, 'username'],
      [{ ...colleague, username: 'ab' }, 'username'],
    ] as const) {
      const res = await addAgent(admin.access, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(body)).toContain(field)
    }
    const team = await call(s.app, 'GET', '/api/agents/', { token: admin.access })
    expect(team.json<{ count: number }>().count).toBe(1)
  })

  it('refuses a password equal to the username, as sign-up does', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const res = await addAgent(admin.access, {
      ...colleague,
      username: 'longusername',
      password: 'LongUsername',
    })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['password'])
  })

  it('works while sign-up is closed', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const { app } = await s.variant({ signup: 'closed', jwtSecret: s.config.jwtSecret })
    const register = await call(app, 'POST', '/api/register/', {
      body: { username: 'walkin', email: 'w@example.com', password: 'walk-in-pass' },
    })
    expect(register.statusCode).toBe(403)
    const res = await addAgent(admin.access, colleague, app)
    expect(res.statusCode).toBe(201)
    expect((await signIn('Grace', colleague.password, app)).statusCode).toBe(200)
  })
})

describe('POST /api/register/ in the history', () => {
  it('records a sign-up as the new agent creating themself, seen by them and by an Admin', async () => {
    const password = 'paint-the-fence-blue'
    const res = await call(s.app, 'POST', '/api/register/', {
      body: { username: 'Newcomer', email: 'new@example.com', password },
    })
    expect(res.statusCode, res.body).toBe(201)
    const { id } = res.json<{ id: number }>()
    const own = (await signIn('newcomer', password)).json<{ access: string }>().access
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    for (const token of [own, admin.access]) {
      const history = await call(s.app, 'GET', `/api/history/?entity=agent&entity_id=${id}`, {
        token,
      })
      const [entry] = history.json<HistoryList>().History
      expect(entry).toMatchObject({
        actor: { id, username: 'Newcomer' },
        action: 'create',
        entity: 'agent',
        entity_id: id,
        changes: { username: [null, 'Newcomer'], email: [null, 'new@example.com'] },
      })
      expect(JSON.stringify(entry)).not.toMatch(/password|hash/i)
    }
  })
})
