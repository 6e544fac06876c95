import { describe, expect, it } from 'vitest'
import type { AgentResponse } from '../../src/shared/agent'
import { createAgentAndLogin } from './helpers/factories'
import { anyString, call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

const profile = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0100',
  country: 'USA',
  city: 'Arlington',
}

describe('GET /api/agents/{id}', () => {
  it('answers 200 { Agent } for the signed-in agent, with the role name', async () => {
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent', 'ada')
    const res = await call(s.app, 'GET', `/api/agents/${agent.id}`, { token: agent.access })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      Agent: {
        id: agent.id,
        username: 'ada',
        first_name: '',
        last_name: '',
        email: 'ada@example.com',
        phone: '',
        country: '',
        city: '',
        timezone: '',
        role: 'Agent',
      },
    })
    expect(res.body).not.toMatch(/password|token_version|hash/i)
  })

  it("answers 403 for another agent's record, existing or not", async () => {
    const me = await createAgentAndLogin(s.app, s.database, 'Agent')
    const other = await createAgentAndLogin(s.app, s.database, 'Tester')
    for (const id of [other.id, 9999, 99_999_999_999]) {
      const res = await call(s.app, 'GET', `/api/agents/${id}/`, { token: me.access })
      expect(res.statusCode, String(id)).toBe(403)
      expect(res.json()).toEqual({ error: anyString })
    }
  })

  it('lets an Admin read any agent, and answers 404 for an unknown id', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const other = await createAgentAndLogin(s.app, s.database, 'Tester', 'tess')
    const res = await call(s.app, 'GET', `/api/agents/${other.id}`, { token: admin.access })
    expect(res.statusCode).toBe(200)
    expect(res.json<AgentResponse>().Agent).toMatchObject({
      id: other.id,
      username: 'tess',
      role: 'Tester',
    })
    for (const id of [9999, 99_999_999_999]) {
      const missing = await call(s.app, 'GET', `/api/agents/${id}`, { token: admin.access })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ error: anyString })
    }
  })

  it('answers 400 for an id that is not a whole number', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    for (const id of ['abc', '-1', '1.5', '0']) {
      const res = await call(s.app, 'GET', `/api/agents/${id}`, { token: agent.access })
      expect(res.statusCode, id).toBe(400)
      expect(errorOf(res).fields).toHaveProperty('id')
    }
  })
})

describe('PUT /api/agents/{id}', () => {
  it('updates the own record and answers 200 { Agent }', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'PUT', `/api/agents/${agent.id}/`, {
      token: agent.access,
      body: { ...profile, first_name: '  Grace  ', role: 'Admin', id: 77 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<AgentResponse>().Agent).toMatchObject({
      ...profile,
      id: agent.id,
      role: 'Agent',
    })
    const read = await call(s.app, 'GET', `/api/agents/${agent.id}`, { token: agent.access })
    expect(read.json<AgentResponse>().Agent).toMatchObject(profile)
  })

  it('answers 400 with fields when a field is missing or the email is not one', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'PUT', `/api/agents/${agent.id}`, {
      token: agent.access,
      body: { ...profile, email: 'nope', city: undefined },
    })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual(['city', 'email'])
  })

  it("answers 403 for another agent's record and leaves it unchanged; an Admin may change it", async () => {
    const me = await createAgentAndLogin(s.app, s.database)
    const other = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'PUT', `/api/agents/${other.id}`, {
      token: me.access,
      body: profile,
    })
    expect(res.statusCode).toBe(403)
    const read = await call(s.app, 'GET', `/api/agents/${other.id}`, { token: other.access })
    expect(read.json<AgentResponse>().Agent.first_name).toBe('')
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const byAdmin = await call(s.app, 'PUT', `/api/agents/${other.id}`, {
      token: admin.access,
      body: profile,
    })
    expect(byAdmin.statusCode).toBe(200)
    expect(byAdmin.json<AgentResponse>().Agent).toMatchObject({ id: other.id, ...profile })
    const unknown = await call(s.app, 'PUT', '/api/agents/9999', {
      token: admin.access,
      body: profile,
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('GET /api/agent/role/', () => {
  it.each([
    ['Admin', 1],
    ['Agent', 2],
    ['Tester', 3],
  ] as const)('answers { role: { id, role } } for a %s', async (role, id) => {
    const agent = await createAgentAndLogin(s.app, s.database, role)
    const res = await call(s.app, 'GET', '/api/agent/role/', { token: agent.access })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ role: { id, role } })
  })

  it('answers 401 without a token', async () => {
    expect((await call(s.app, 'GET', '/api/agent/role')).statusCode).toBe(401)
  })
})
