import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT, type JWTPayload } from 'jose'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import { tokenClaimsSchema } from '#shared/auth'
import { MAX_ROW_ID } from '#shared/constants'

/** `mfa`: proof of the password while the second step of a two-step sign-in is pending. */
export type TokenType = 'access' | 'refresh' | 'mfa'

/** Seconds an `mfa` token lives (API contract: 5 minutes). */
export const MFA_TTL = 300

export interface TokenSettings {
  jwtSecret: Uint8Array
  /** Seconds. */
  accessTtl: number
  /** Seconds. */
  refreshTtl: number
}

export interface VerifiedToken {
  userId: number
  type: TokenType
  /** The agent's tokenVersion when the token was issued: a password change moves it. */
  version: number
  jti: string
  /** Seconds since the epoch. */
  expiresAt: number
  /** The sign-in it belongs to (`sid`); none in tokens issued before sessions existed. */
  sessionId?: string
}

export interface SignedToken {
  token: string
  jti: string
  /** Seconds since the epoch. */
  expiresAt: number
}

const ALGORITHM = 'HS256'
// Clocks of servers sharing a database may differ a little; a token "issued" further in
// the future than this was not issued by one of them.
const FUTURE_IAT_TOLERANCE_S = 60

// jose given the secret's bytes imports them as a key on every call; imported once per
// secret, signing and verifying skip that (a third of a verification's time).
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>()

function keyOf(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new Uint8Array(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    keys.set(secret, key)
  }
  return key
}

// Both kinds carry `ver`: tokens issued before a password change stop working; and `sid`,
// their session: ending it stops them.
const claimsSchema = tokenClaimsSchema.extend({
  user_id: z.number().int().positive().max(MAX_ROW_ID),
  ver: z.number().int().nonnegative(),
  sid: z.string().min(1).max(100).optional(),
  token_type: z.enum(['access', 'refresh', 'mfa']),
})

export async function signToken(
  settings: TokenSettings,
  type: TokenType,
  userId: number,
  version: number,
  now = Date.now(),
  sessionId?: string,
): Promise<SignedToken> {
  const ttl = { access: settings.accessTtl, refresh: settings.refreshTtl, mfa: MFA_TTL }[type]
  const iat = Math.floor(now / 1000)
  const jti = randomUUID()
  const claims = { user_id: userId, token_type: type, ver: version, sid: sessionId }
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(await keyOf(settings.jwtSecret))
  return { token, jti, expiresAt: iat + ttl }
}

// Tokens whose signature was verified, per secret. A token is the same string at every call
// of a session, and jose checks its HS256 signature through WebCrypto, which hands the work
// to Node's thread pool and back: about 0.15 ms of the server thread a request, a tenth of
// a tasks page's. The signature of a given string does not change, so it is checked once;
// everything that does (expiry, the agent, the session) is checked at every call. Only
// tokens that passed are kept, at most 4 MiB of them (lru-cache, least recently used out).
const verified = new WeakMap<Uint8Array, LRUCache<string, JWTPayload>>()

function signedBy(secret: Uint8Array): LRUCache<string, JWTPayload> {
  let tokens = verified.get(secret)
  if (!tokens) {
    tokens = new LRUCache<string, JWTPayload>({
      maxSize: 4 * 1024 * 1024,
      sizeCalculation: (payload, token) => 2 * token.length + JSON.stringify(payload).length,
    })
    verified.set(secret, tokens)
  }
  return tokens
}

async function verifySignature(secret: Uint8Array, token: string, now: number) {
  const { payload } = await jwtVerify(token, await keyOf(secret), {
    algorithms: [ALGORITHM],
    requiredClaims: ['exp', 'iat', 'jti'],
    currentDate: new Date(now),
  })
  signedBy(secret).set(token, payload)
  return payload
}

/**
 * The token's claims when it is well signed with HS256, unexpired, not issued in the
 * future, and of `type`; `undefined` for anything else (alg none, another algorithm,
 * tampered, wrong type, an id no agent can have).
 */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
  type: TokenType,
  now = Date.now(),
): Promise<VerifiedToken | undefined> {
  try {
    const payload = signedBy(secret).get(token) ?? (await verifySignature(secret, token, now))
    const claims = claimsSchema.safeParse(payload)
    if (!claims.success || claims.data.token_type !== type) return undefined
    // Checked at every call, for a token verified before too (jose's rule: expired at exp).
    if (claims.data.exp <= Math.floor(now / 1000)) return undefined
    if (claims.data.iat > now / 1000 + FUTURE_IAT_TOLERANCE_S) return undefined
    return {
      userId: claims.data.user_id,
      type,
      version: claims.data.ver,
      jti: claims.data.jti,
      expiresAt: claims.data.exp,
      sessionId: claims.data.sid,
    }
  } catch {
    // Whatever is wrong with a client's token, the answer is the same 401.
    return undefined
  }
}
