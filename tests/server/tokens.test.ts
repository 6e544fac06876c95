import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { signToken, verifyToken, type TokenSettings } from '../../src/server/auth/tokens'
import type { TokenClaims } from '../../src/shared/auth'
import { createAgentAndLogin } from './helpers/factories'
import { anyNumber, anyString, call, useTestApp } from './helpers/test-app'

const s = useTestApp()

const signAccessToken = (settings: TokenSettings, userId: number, now?: number) =>
  signToken(settings, 'access', userId, 0, now).then((t) => t.token)
const signRefreshToken = (settings: TokenSettings, userId: number, ver: number, now?: number) =>
  signToken(settings, 'refresh', userId, ver, now).then((t) => t.token)

async function expect401(token: string | undefined, header?: string) {
  const headers = header === undefined ? undefined : { authorization: header }
  const res = await call(s.app, 'GET', '/api/customers/', { token, headers })
  expect(res.statusCode).toBe(401)
  expect(res.json()).toEqual({ error: anyString })
}

describe('access tokens on a protected route', () => {
  it('lets a fresh access token in', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const res = await call(s.app, 'GET', '/api/customers/', { token: agent.access })
    expect(res.statusCode).toBe(200)
  })

  it('answers 401 with no token or a header that is not Bearer', async () => {
    await expect401(undefined)
    await expect401(undefined, 'Bearer')
    await expect401(undefined, 'Basic dXNlcjpwYXNz')
  })

  it('answers 401 for a tampered token', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const [head, payload, signature] = agent.access.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as TokenClaims
    const forged = Buffer.from(JSON.stringify({ ...claims, user_id: claims.user_id + 1 })).toString(
      'base64url',
    )
    await expect401(`${head}.${forged}.${signature}`)
    // One character of the signature changed, in the middle: each one there carries six
    // bits of it (the last one's low bits are padding, and a signature may already end in
    // the characters a test would put there: once in about a thousand runs it did).
    const at = Math.floor(signature.length / 2)
    const changed = signature[at] === 'A' ? 'B' : 'A'
    await expect401(
      `${head}.${payload}.${signature.slice(0, at)}${changed}${signature.slice(at + 1)}`,
    )
  })

  it('answers 401 for an alg:none token and for another algorithm', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const now = Math.floor(Date.now() / 1000)
    const claims = {
      user_id: agent.id,
      token_type: 'access',
      ver: 0,
      jti: 'x',
      iat: now,
      exp: now + 300,
    }
    await expect401(new UnsecuredJWT(claims).encode())
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(s.config.jwtSecret)
    await expect401(hs512)
    // The same claims with the right algorithm pass: the refusals above are about the alg.
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(s.config.jwtSecret)
    expect((await call(s.app, 'GET', '/api/customers', { token: hs256 })).statusCode).toBe(200)
  })

  it('answers 401 for an expired token and for one signed with another secret', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    await expect401(await signAccessToken(s.config, agent.id, Date.now() - 3_600_000))
    const other = { ...s.config, jwtSecret: new Uint8Array(32).fill(7) }
    await expect401(await signAccessToken(other, agent.id))
  })

  it('answers 401 for a refresh token used as an access token', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    await expect401(agent.refresh)
  })

  it('answers 401 when the token names an agent that does not exist', async () => {
    await expect401(await signAccessToken(s.config, 4242))
  })

  it('answers 401, not 400, for a well-signed token naming an id no agent can have', async () => {
    await expect401(await signAccessToken(s.config, 2 ** 31))
    await expect401(await signAccessToken(s.config, Number.MAX_SAFE_INTEGER))
  })

  it('answers 401 for a well-signed token issued more than a minute in the future', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    await expect401(await signAccessToken(s.config, agent.id, Date.now() + 3_600_000))
    const soon = await signAccessToken(s.config, agent.id, Date.now() + 30_000)
    expect((await call(s.app, 'GET', '/api/customers', { token: soon })).statusCode).toBe(200)
  })

  it('answers 401 at once for an access token issued before a password change', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const change = await call(s.app, 'POST', '/api/update-password/', {
      token: agent.access,
      body: {
        current_password: agent.password,
        new_password: 'a-brand-new-secret',
        confirm_new_password: 'a-brand-new-secret',
      },
    })
    expect(change.statusCode).toBe(200)
    await expect401(agent.access)
  })
})

describe('verifyToken', () => {
  it('reads back the claims and the refresh version', async () => {
    const access = await signAccessToken(s.config, 5)
    const refresh = await signRefreshToken(s.config, 5, 3)
    expect(await verifyToken(s.config.jwtSecret, access, 'access')).toEqual({
      userId: 5,
      type: 'access',
      version: 0,
      jti: anyString,
      expiresAt: anyNumber,
    })
    expect(await verifyToken(s.config.jwtSecret, refresh, 'refresh')).toEqual({
      userId: 5,
      type: 'refresh',
      version: 3,
      jti: anyString,
      expiresAt: anyNumber,
    })
    expect(await verifyToken(s.config.jwtSecret, refresh, 'access')).toBeUndefined()
    expect(await verifyToken(s.config.jwtSecret, access, 'refresh')).toBeUndefined()
  })

  it('carries user_id, token_type, jti, iat and exp with the configured lifetimes', async () => {
    const now = Date.now()
    const access = await signAccessToken(s.config, 5, now)
    const refresh = await signRefreshToken(s.config, 5, 0, now)
    const decode = (t: string) =>
      JSON.parse(Buffer.from(t.split('.')[1] ?? '', 'base64url').toString()) as TokenClaims
    const a = decode(access)
    expect(a).toMatchObject({ user_id: 5, token_type: 'access', jti: anyString })
    expect(a.exp - a.iat).toBe(s.config.accessTtl)
    const r = decode(refresh)
    expect(r).toMatchObject({ user_id: 5, token_type: 'refresh', ver: 0 })
    expect(r.exp - r.iat).toBe(s.config.refreshTtl)
    expect(r.jti).not.toBe(a.jti)
  })
})

describe('verifyToken on access tokens', () => {
  it('refuses a token from the second its exp names, as jose does', async () => {
    const now = 1_800_000_000_000
    const token = await signAccessToken(s.config, 7, now)
    const at = (ms: number) => verifyToken(s.config.jwtSecret, token, 'access', ms)
    expect(await at(now + s.config.accessTtl * 1000 - 1)).toMatchObject({
      userId: 7,
      type: 'access',
    })
    expect(await at(now + s.config.accessTtl * 1000)).toBeUndefined()
  })

  it('checks a token it verified before against each secret, type and expiry again', async () => {
    const now = 1_800_000_000_000
    const token = await signAccessToken(s.config, 7, now)
    const at = (ms: number) => verifyToken(s.config.jwtSecret, token, 'access', ms)
    expect(await at(now)).toMatchObject({ userId: 7 })
    expect(await verifyToken(new Uint8Array(32).fill(1), token, 'access', now)).toBeUndefined()
    expect(await verifyToken(s.config.jwtSecret, token, 'refresh', now)).toBeUndefined()
    expect(await at(now + s.config.accessTtl * 1000)).toBeUndefined()
    expect(await at(now)).toMatchObject({ userId: 7 })
  })

  it('lets in only access tokens signed with its secret', async () => {
    const refresh = await signRefreshToken(s.config, 5, 0)
    const foreign = await signAccessToken({ ...s.config, jwtSecret: new Uint8Array(32) }, 5)
    expect(await verifyToken(s.config.jwtSecret, refresh, 'access')).toBeUndefined()
    expect(await verifyToken(s.config.jwtSecret, foreign, 'access')).toBeUndefined()
  })
})
