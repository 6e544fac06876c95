import { describe, expect, it } from 'vitest'
import type { HistoryList } from '../../src/shared/history'
import { createAgentAndLogin } from './helpers/factories'
import { call, isoDateTime, useTestApp } from './helpers/test-app'

const s = useTestApp()

const profile = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0100',
  country: 'USA',
  city: 'Arlington',
}

const agentHistory = async (token: string, id: number) => {
  const res = await call(s.app, 'GET', `/api/history/?entity=agent&entity_id=${id}`, { token })
  expect(res.statusCode).toBe(200)
  return res.json<HistoryList>()
}

const editProfile = (token: string, id: number, body: object) =>
  call(s.app, 'PUT', `/api/agents/${id}/`, { token, body })

describe("an agent's profile edit in the history", () => {
  it('records the own edit as an update of the agent, with the changed fields only', async () => {
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent', 'grace')
    expect((await editProfile(agent.access, agent.id, profile)).statusCode).toBe(200)
    const { History, count } = await agentHistory(agent.access, agent.id)
    expect(count).toBe(1)
    expect(History).toEqual([
      {
        id: expect.any(Number) as number,
        at: isoDateTime,
        actor: { id: agent.id, username: 'grace' },
        action: 'update',
        entity: 'agent',
        entity_id: agent.id,
        summary: expect.stringContaining('grace') as string,
        changes: {
          first_name: ['', 'Grace'],
          last_name: ['', 'Hopper'],
          // The email was grace@example.com already: unchanged, so not listed.
          phone: ['', '+1 555 0100'],
          country: ['', 'USA'],
          city: ['', 'Arlington'],
        },
      },
    ])

    const moved = await editProfile(agent.access, agent.id, { ...profile, city: 'Leeds' })
    expect(moved.statusCode).toBe(200)
    const after = await agentHistory(agent.access, agent.id)
    expect(after.count).toBe(2)
    expect(after.History[0]).toMatchObject({
      action: 'update',
      summary: 'Agent grace city Arlington → Leeds',
      changes: { city: ['Arlington', 'Leeds'] },
    })
  })

  it('writes nothing for an edit that changes nothing', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    await editProfile(agent.access, agent.id, profile)
    const again = await editProfile(agent.access, agent.id, { ...profile, city: ' Arlington ' })
    expect(again.statusCode).toBe(200)
    expect((await agentHistory(agent.access, agent.id)).count).toBe(1)
  })

  it('shows agent entries to their own agent and to Admins, never to another agent', async () => {
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    const other = await createAgentAndLogin(s.app, s.database, 'Agent')
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin', 'boss')
    await editProfile(agent.access, agent.id, profile)
    for (const viewer of [other, tester]) {
      expect((await agentHistory(viewer.access, agent.id)).History).toEqual([])
      const all = await call(s.app, 'GET', '/api/history/', { token: viewer.access })
      expect(all.json<HistoryList>().History).toEqual([])
    }
    expect((await agentHistory(admin.access, agent.id)).count).toBe(1)

    // An Admin's edit of someone else's profile names the Admin as its actor.
    await editProfile(admin.access, other.id, { ...profile, first_name: 'Ada' })
    const entries = await agentHistory(admin.access, other.id)
    expect(entries.History.map((e) => [e.action, e.actor?.username])).toEqual([['update', 'boss']])
    expect((await agentHistory(other.access, other.id)).count).toBe(1)
    expect((await agentHistory(agent.access, other.id)).count).toBe(0)
  })
})
