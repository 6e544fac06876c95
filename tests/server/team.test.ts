import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { agents } from '../../src/server/db/schema'
import type { TeamList } from '../../src/shared/agent'
import { createAgentAndLogin } from './helpers/factories'
import { anyString, call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

const setRole = (token: string, id: number, role: string) =>
  call(s.app, 'PUT', `/api/agents/${id}/role/`, { token, body: { role } })
const setActive = (token: string, id: number, active: boolean) =>
  call(s.app, 'PUT', `/api/agents/${id}/active/`, { token, body: { active } })

describe('team (Admin only)', () => {
  it('lists the agents with role, status and last sign-in', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin', 'zoe')
    await createAgentAndLogin(s.app, s.database, 'Tester', 'adam')
    const res = await call(s.app, 'GET', '/api/agents/', { token: admin.access })
    expect(res.statusCode).toBe(200)
    const list = res.json<TeamList>()
    expect(list).toMatchObject({ count: 2, count_exact: true, next: null })
    expect(list.Agents.map((a) => [a.username, a.role, a.active])).toEqual([
      ['adam', 'Tester', true],
      ['zoe', 'Admin', true],
    ])
    expect(list.Agents[0]).toEqual({
      id: expect.any(Number) as number,
      username: 'adam',
      email: 'adam@example.com',
      first_name: '',
      last_name: '',
      role: 'Tester',
      active: true,
      last_login: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    })
    const found = await call(s.app, 'GET', '/api/agents/?search=ada', { token: admin.access })
    expect(found.json<TeamList>().Agents.map((a) => a.username)).toEqual(['adam'])
  })

  it('answers 403 to anyone but an Admin, before looking at the body', async () => {
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    for (const token of [agent.access, tester.access]) {
      expect((await call(s.app, 'GET', '/api/agents/', { token })).statusCode).toBe(403)
      expect((await setRole(token, agent.id, 'Admin')).statusCode).toBe(403)
      expect((await setActive(token, tester.id, false)).statusCode).toBe(403)
      const bad = await call(s.app, 'PUT', `/api/agents/${agent.id}/role/`, { token, body: 'x' })
      expect(bad.statusCode).toBe(403)
    }
    expect((await call(s.app, 'GET', '/api/agents/')).statusCode).toBe(401)
  })

  it("changes a role; the agent's next write follows its new role at once", async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    const res = await setRole(admin.access, agent.id, 'Tester')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      Agent: expect.objectContaining({ id: agent.id, role: 'Tester' }) as object,
    })
    const write = await call(s.app, 'POST', '/api/customers/', {
      token: agent.access,
      body: { name: 'Not allowed now' },
    })
    expect(write.statusCode).toBe(403)
    expect((await setRole(admin.access, agent.id, 'Boss')).statusCode).toBe(400)
    expect((await setRole(admin.access, 999_999, 'Agent')).statusCode).toBe(404)
  })

  it('deactivates: its tokens answer 401 at once, it cannot sign in or refresh; activates again', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    expect((await setActive(admin.access, agent.id, false)).json()).toEqual({
      Agent: expect.objectContaining({ active: false }) as object,
    })
    expect((await call(s.app, 'GET', '/api/customers/', { token: agent.access })).statusCode).toBe(
      401,
    )
    const login = await call(s.app, 'POST', '/api/users/token/', {
      body: { username: agent.username, password: agent.password },
    })
    const wrong = await call(s.app, 'POST', '/api/users/token/', {
      body: { username: agent.username, password: 'not the password' },
    })
    expect(login.statusCode).toBe(401)
    expect(errorOf(login).error).toBe(errorOf(wrong).error)
    const refresh = await call(s.app, 'POST', '/api/token/refresh/', {
      body: { refresh: agent.refresh },
    })
    expect(refresh.statusCode).toBe(401)
    await setActive(admin.access, agent.id, true)
    const again = await call(s.app, 'POST', '/api/users/token/', {
      body: { username: agent.username, password: agent.password },
    })
    expect(again.statusCode).toBe(200)
  })

  it('keeps the last active Admin: no demotion, no deactivation (409); no Admin deactivates itself', async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    for (const res of [
      await setRole(admin.access, admin.id, 'Agent'),
      await setActive(admin.access, admin.id, false),
    ]) {
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ error: anyString })
    }
    const second = await createAgentAndLogin(s.app, s.database, 'Admin')
    expect((await setActive(admin.access, admin.id, false)).statusCode).toBe(409)
    expect((await setRole(second.access, admin.id, 'Agent')).statusCode).toBe(200)
    expect((await setRole(second.access, second.id, 'Agent')).statusCode).toBe(409)
  })

  it('never lets two Admins demote each other at once into no Admin at all', async () => {
    const a = await createAgentAndLogin(s.app, s.database, 'Admin')
    const b = await createAgentAndLogin(s.app, s.database, 'Admin')
    const answers = await Promise.all([
      setRole(a.access, b.id, 'Agent'),
      setRole(b.access, a.id, 'Agent'),
    ])
    const statuses = answers.map((res) => res.statusCode).sort()
    // One goes first; the second is refused 409 (last Admin) or 401/403 (no longer Admin).
    expect(statuses[0]).toBe(200)
    expect([401, 403, 409]).toContain(statuses[1])
    const [row] = await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agents)
      .where(and(eq(agents.roleId, 1), eq(agents.active, true)))
    expect(row?.n).toBe(1)
  })
})
