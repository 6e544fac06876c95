import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { TokenPair } from '../../src/shared/auth'
import type { SessionList } from '../../src/shared/sessions'
import { signToken } from '../../src/server/auth/tokens'
import { openDatabase } from '../../src/server/db/client'
import { refreshTokens } from '../../src/server/db/schema'
import { createAgentAndLogin, type SignedInAgent } from './helpers/factories'
import { anyString, buildTestApp, call, isoDateTime, useTestApp } from './helpers/test-app'

const s = useTestApp()

const signIn = (agent: SignedInAgent, userAgent = 'test-agent', app = s.app) =>
  call(app, 'POST', '/api/users/token/', {
    body: { username: agent.username, password: agent.password },
    headers: { 'user-agent': userAgent },
  }).then((res) => res.json<TokenPair>())
const refresh = (token: string, app = s.app) =>
  call(app, 'POST', '/api/token/refresh/', { body: { refresh: token } })
const sessionsOf = (token: string) =>
  call(s.app, 'GET', '/api/sessions/', { token }).then((res) => res.json<SessionList>().Sessions)
const status = (token: string, app = s.app) =>
  call(app, 'GET', '/api/customers/', { token }).then((res) => res.statusCode)

describe('GET /api/sessions/', () => {
  it('lists one session per sign-in with its device, address and times, the asking one current', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const phone = await signIn(agent, 'Mozilla/5.0 (iPhone) Safari')
    const list = await sessionsOf(phone.access)
    expect(list).toHaveLength(2)
    const current = list.find((session) => session.current)
    expect(current).toEqual({
      id: anyString,
      created_at: isoDateTime,
      last_used_at: isoDateTime,
      user_agent: 'Mozilla/5.0 (iPhone) Safari',
      ip: '127.0.0.1',
      current: true,
    })
    expect(list.filter((session) => !session.current)).toHaveLength(1)
    // A refresh goes on in the same session: still two, the same ids.
    const rotated = (await refresh(phone.refresh)).json<TokenPair>()
    const again = await sessionsOf(rotated.access)
    expect(again.map((x) => x.id).sort()).toEqual(list.map((x) => x.id).sort())
    expect(again.find((x) => x.current)?.id).toBe(current?.id)
  })

  it('keeps at most 300 characters of the user agent', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const tokens = await signIn(agent, 'x'.repeat(400))
    const mine = (await sessionsOf(tokens.access)).find((x) => x.current)
    expect(mine?.user_agent).toBe('x'.repeat(300))
  })

  it('notes the last use at most about once a minute', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const lastUsed = async () => Date.parse((await sessionsOf(agent.access))[0]?.last_used_at ?? '')
    const setLastUsed = (ago: string) =>
      s.database.db.execute(sql.raw(`update sessions set last_used_at = now() - interval '${ago}'`))
    // Used two minutes after the last use noted: this use is noted.
    await setLastUsed('2 minutes')
    expect(Date.now() - (await lastUsed())).toBeLessThan(10_000)
    // Used 30 seconds after it: not written again.
    await setLastUsed('30 seconds')
    const noted = Date.now() - (await lastUsed())
    expect(noted).toBeGreaterThan(25_000)
    expect(noted).toBeLessThan(40_000)
  })
})

describe('ending sessions', () => {
  it("refuses an ended session's access and refresh tokens at once, and the agent's other sessions live on", async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const laptop = await signIn(agent)
    const other = (await sessionsOf(agent.access)).find((x) => !x.current)
    const ended = await call(s.app, 'DELETE', `/api/sessions/${other?.id}/`, {
      token: agent.access,
    })
    expect(ended.statusCode).toBe(204)
    expect(await status(laptop.access)).toBe(401)
    expect((await refresh(laptop.refresh)).statusCode).toBe(401)
    // Not a reuse: the session that ended it goes on, refresh included.
    expect(await status(agent.access)).toBe(200)
    expect((await refresh(agent.refresh)).statusCode).toBe(200)
    expect(await sessionsOf(agent.access)).toHaveLength(1)
  })

  it("answers 404 for another agent's session, an unknown id and an ended one", async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const stranger = await createAgentAndLogin(s.app, s.database)
    const theirs = (await sessionsOf(stranger.access))[0]?.id ?? ''
    for (const id of [theirs, 'no-such-session', '%E2%80%AE']) {
      const res = await call(s.app, 'DELETE', `/api/sessions/${id}/`, { token: agent.access })
      expect(res.statusCode, id).toBe(404)
      expect(res.json()).toEqual({ error: anyString })
    }
    expect(await status(stranger.access)).toBe(200)
    const mine = (await sessionsOf(agent.access))[0]?.id ?? ''
    const other = await signIn(agent)
    await call(s.app, 'DELETE', `/api/sessions/${mine}/`, { token: other.access })
    const twice = await call(s.app, 'DELETE', `/api/sessions/${mine}/`, { token: other.access })
    expect(twice.statusCode).toBe(404)
  })

  it('POST /api/sessions/revoke-others/ ends every other session and answers how many', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const others = [await signIn(agent), await signIn(agent)]
    const stranger = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'POST', '/api/sessions/revoke-others/', { token: agent.access })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ revoked: 2 })
    for (const tokens of others) expect(await status(tokens.access)).toBe(401)
    expect(await status(agent.access)).toBe(200)
    expect(await status(stranger.access)).toBe(200)
    expect((await sessionsOf(agent.access)).map((x) => x.current)).toEqual([true])
  })

  it('a password change ends every session of the agent', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    await signIn(agent)
    const body = {
      current_password: agent.password,
      new_password: 'a-brand-new-secret',
      confirm_new_password: 'a-brand-new-secret',
    }
    await call(s.app, 'POST', '/api/update-password/', { token: agent.access, body })
    const fresh = await signIn({ ...agent, password: 'a-brand-new-secret' })
    expect(await sessionsOf(fresh.access)).toHaveLength(1)
  })

  it('a session ended on one server is refused at once by a second server on the same database', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    // On PostgreSQL a second server has its own connections, as another process would.
    const database = s.url ? await openDatabase({ url: s.url }) : s.database
    const second: FastifyInstance = (
      await buildTestApp(database, { jwtSecret: s.config.jwtSecret })
    ).app
    try {
      const laptop = await signIn(agent, 'laptop', second)
      expect(await status(laptop.access, second)).toBe(200)
      const id = (await sessionsOf(agent.access)).find((x) => !x.current)?.id
      const ended = await call(s.app, 'DELETE', `/api/sessions/${id}/`, { token: agent.access })
      expect(ended.statusCode).toBe(204)
      expect(await status(laptop.access, second)).toBe(401)
      expect((await refresh(laptop.refresh, second)).statusCode).toBe(401)
    } finally {
      await second.close()
      if (database !== s.database) await database.close()
    }
  })
})

describe('tokens issued before sessions existed', () => {
  it('an access token without a session works until it expires; its refresh token starts a session', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const access = await signToken(s.config, 'access', agent.id, 0)
    expect(await status(access.token)).toBe(200)
    const old = await signToken(s.config, 'refresh', agent.id, 0)
    await s.database.db.insert(refreshTokens).values({
      jti: old.jti,
      agentId: agent.id,
      expiresAt: new Date(old.expiresAt * 1000),
    })
    const res = await refresh(old.token)
    expect(res.statusCode).toBe(200)
    const tokens = res.json<TokenPair>()
    expect(await sessionsOf(tokens.access)).toHaveLength(2)
  })
})
