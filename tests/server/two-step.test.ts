import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import type { TokenPair } from '../../src/shared/auth'
import type { HistoryList } from '../../src/shared/history'
import type { MfaRequired, RecoveryCodes, TwoStepSetup } from '../../src/shared/two-step'
import { signToken } from '../../src/server/auth/tokens'
import { createAgentAndLogin, type SignedInAgent } from './helpers/factories'
import { anyString, call, errorOf, useTestApp } from './helpers/test-app'

const s = useTestApp()

/** The code an authenticator app shows for `secret` at `at` (RFC 6238: SHA-1, 6 digits, 30 s). */
function codeFor(secret: string, at = Date.now()): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
  return totp.generate({ timestamp: at })
}

/** Turns two-step sign-in on for `agent`: its key and its ten recovery codes. */
async function turnOn(agent: SignedInAgent): Promise<{ secret: string; codes: string[] }> {
  const setup = await call(s.app, 'POST', '/api/2fa/setup/', { token: agent.access })
  expect(setup.statusCode).toBe(200)
  const { secret } = setup.json<TwoStepSetup>()
  const enable = await call(s.app, 'POST', '/api/2fa/enable/', {
    token: agent.access,
    body: { code: codeFor(secret) },
  })
  expect(enable.statusCode, enable.body).toBe(200)
  return { secret, codes: enable.json<RecoveryCodes>().recovery_codes }
}

const password = (agent: SignedInAgent) =>
  call(s.app, 'POST', '/api/users/token/', {
    body: { username: agent.username, password: agent.password },
  })
const secondStep = (mfa_token: string, code: string) =>
  call(s.app, 'POST', '/api/users/token/2fa/', { body: { mfa_token, code } })
const mfaTokenOf = async (agent: SignedInAgent) =>
  (await password(agent)).json<MfaRequired>().mfa_token
const works = async (access: string) =>
  (await call(s.app, 'GET', '/api/customers/', { token: access })).statusCode === 200
const twoStepEntries = async (token: string) =>
  (await call(s.app, 'GET', '/api/history/?action=2fa', { token })).json<HistoryList>().History

describe('turning two-step sign-in on', () => {
  it('gives a base32 key, its otpauth:// URL and a QR code; a code of it turns it on with ten recovery codes', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const setup = await call(s.app, 'POST', '/api/2fa/setup/', { token: agent.access })
    const answer = setup.json<TwoStepSetup>()
    expect(answer.secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(answer.otpauth_url)
    expect(url.protocol).toBe('otpauth:')
    expect(url.host).toBe('totp')
    expect(decodeURIComponent(url.pathname)).toBe(`/Rapport CRM:${agent.username}`)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret: answer.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })
    expect(answer.qr_code).toMatch(/^data:image\/png;base64,/)
    expect((await call(s.app, 'GET', '/api/2fa/', { token: agent.access })).json()).toEqual({
      enabled: false,
      enabled_at: null,
    })

    const wrong = await call(s.app, 'POST', '/api/2fa/enable/', {
      token: agent.access,
      body: { code: codeFor(answer.secret, Date.now() - 5 * 60_000) },
    })
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong).fields).toEqual({ code: 'That code is not right. Try again.' })

    const right = await call(s.app, 'POST', '/api/2fa/enable/', {
      token: agent.access,
      body: { code: codeFor(answer.secret) },
    })
    const codes = right.json<RecoveryCodes>().recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    const status = await call(s.app, 'GET', '/api/2fa/', { token: agent.access })
    expect(status.json()).toEqual({ enabled: true, enabled_at: anyString })
    const again = await call(s.app, 'POST', '/api/2fa/setup/', { token: agent.access })
    expect(again.statusCode).toBe(409)
    expect(await twoStepEntries(agent.access)).toEqual([
      expect.objectContaining({ action: '2fa', entity: 'agent', entity_id: agent.id }),
    ])
  })

  it('refuses a code of a key replaced by a newer setup', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const first = (
      await call(s.app, 'POST', '/api/2fa/setup/', { token: agent.access })
    ).json<TwoStepSetup>()
    await call(s.app, 'POST', '/api/2fa/setup/', { token: agent.access })
    const res = await call(s.app, 'POST', '/api/2fa/enable/', {
      token: agent.access,
      body: { code: codeFor(first.secret) },
    })
    // One chance in a million that both keys show the same code now.
    expect(res.statusCode).toBe(400)
  })
})

describe('signing in with two-step sign-in on', () => {
  it('asks for a code after the password, then answers tokens for a current code', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { secret } = await turnOn(agent)
    const first = await password(agent)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ mfa_required: true, mfa_token: anyString })
    const { mfa_token } = first.json<MfaRequired>()
    expect(await works(mfa_token)).toBe(false)
    const wrong = await secondStep(mfa_token, codeFor(secret, Date.now() - 5 * 60_000))
    expect(wrong.statusCode).toBe(401)
    expect(errorOf(wrong).error).toBe('That code is not right. Try again.')
    const res = await secondStep(mfa_token, codeFor(secret))
    expect(res.statusCode).toBe(200)
    const tokens = res.json<TokenPair>()
    expect(await works(tokens.access)).toBe(true)
    const sessions = await call(s.app, 'GET', '/api/sessions/', { token: tokens.access })
    expect(sessions.json<{ Sessions: unknown[] }>().Sessions).toHaveLength(2)
  })

  it('takes each recovery code once', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { codes } = await turnOn(agent)
    const code = codes[3] ?? ''
    expect((await secondStep(await mfaTokenOf(agent), code.toUpperCase())).statusCode).toBe(200)
    expect((await secondStep(await mfaTokenOf(agent), code)).statusCode).toBe(401)
    expect((await secondStep(await mfaTokenOf(agent), codes[4] ?? '')).statusCode).toBe(200)
  })

  it('refuses an mfa_token older than 5 minutes, an access token in its place, and one from before a password change', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { secret } = await turnOn(agent)
    const old = await signToken(s.config, 'mfa', agent.id, 0, Date.now() - 301_000)
    expect((await secondStep(old.token, codeFor(secret))).statusCode).toBe(401)
    expect((await secondStep(agent.access, codeFor(secret))).statusCode).toBe(401)
    const fresh = await signToken(s.config, 'mfa', agent.id, 0, Date.now() - 290_000)
    expect((await secondStep(fresh.token, codeFor(secret))).statusCode).toBe(200)
    const beforeChange = await mfaTokenOf(agent)
    await call(s.app, 'POST', '/api/update-password/', {
      token: agent.access,
      body: {
        current_password: agent.password,
        new_password: 'another-long-secret',
        confirm_new_password: 'another-long-secret',
      },
    })
    expect((await secondStep(beforeChange, codeFor(secret))).statusCode).toBe(401)
  })

  it('after 10 wrong codes in a minute answers 429 on both steps for that username, the right code and password included', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { secret } = await turnOn(agent)
    const mfa = await mfaTokenOf(agent)
    for (let i = 0; i < 10; i++) {
      expect((await secondStep(mfa, '000000')).statusCode).toBe(401)
    }
    const blocked = await secondStep(mfa, codeFor(secret))
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await password(agent)).statusCode).toBe(429)
  })
})

describe('turning two-step sign-in off', () => {
  it('takes the password and a code; then a password alone signs in again', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { secret } = await turnOn(agent)
    const off = (body: object) =>
      call(s.app, 'POST', '/api/2fa/disable/', { token: agent.access, body })
    const badPassword = await off({ password: 'not-the-password', code: codeFor(secret) })
    expect(badPassword.statusCode).toBe(400)
    expect(Object.keys(errorOf(badPassword).fields ?? {})).toEqual(['password'])
    const badCode = await off({ password: agent.password, code: '123456x' })
    expect(badCode.statusCode).toBe(400)
    expect(Object.keys(errorOf(badCode).fields ?? {})).toEqual(['code'])
    expect((await off({ password: agent.password, code: codeFor(secret) })).statusCode).toBe(200)
    expect(await password(agent).then((res) => res.json<unknown>())).toEqual({
      access: anyString,
      refresh: anyString,
    })
    expect(await twoStepEntries(agent.access)).toHaveLength(2)
    expect((await off({ password: agent.password, code: codeFor(secret) })).statusCode).toBe(409)
  })

  it("lets an Admin turn another agent's off, in the history under the Admin's name; nobody else", async () => {
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const agent = await createAgentAndLogin(s.app, s.database)
    await turnOn(agent)
    const other = await createAgentAndLogin(s.app, s.database)
    const byAgent = await call(s.app, 'DELETE', `/api/agents/${agent.id}/2fa/`, {
      token: other.access,
    })
    expect(byAgent.statusCode).toBe(403)
    const missing = await call(s.app, 'DELETE', '/api/agents/99999/2fa/', { token: admin.access })
    expect(missing.statusCode).toBe(404)
    const res = await call(s.app, 'DELETE', `/api/agents/${agent.id}/2fa/`, {
      token: admin.access,
    })
    expect(res.statusCode).toBe(204)
    expect(await password(agent).then((r) => r.json<unknown>())).toHaveProperty('access')
    const [entry] = await twoStepEntries(admin.access)
    expect(entry).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      entity_id: agent.id,
      changes: { two_step: [true, false] },
    })
  })
})
