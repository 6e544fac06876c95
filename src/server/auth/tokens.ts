import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import { tokenClaimsSchema } from '../../shared/auth'

export type TokenType = 'access' | 'refresh'

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
  /** The agent's tokenVersion when the token was issued (refresh tokens only). */
  version: number | undefined
}

const ALGORITHM = 'HS256'

// Refresh tokens also carry `ver`: a password change bumps the agent's tokenVersion.
const claimsSchema = tokenClaimsSchema.extend({ ver: z.number().int().nonnegative().optional() })

export function signAccessToken(settings: TokenSettings, userId: number, now = Date.now()) {
  return sign(
    settings.jwtSecret,
    { user_id: userId, token_type: 'access' },
    settings.accessTtl,
    now,
  )
}

export function signRefreshToken(
  settings: TokenSettings,
  userId: number,
  version: number,
  now = Date.now(),
) {
  return sign(
    settings.jwtSecret,
    { user_id: userId, token_type: 'refresh', ver: version },
    settings.refreshTtl,
    now,
  )
}

async function sign(
  secret: Uint8Array,
  claims: Record<string, unknown>,
  ttlSeconds: number,
  now: number,
): Promise<string> {
  const iat = Math.floor(now / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret)
}

/**
 * The token's claims when it is well signed with HS256, unexpired and of `type`;
 * `undefined` for anything else (alg none, another algorithm, tampered, wrong type).
 */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
  type: TokenType,
): Promise<VerifiedToken | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'iat', 'jti'],
    })
    const claims = claimsSchema.safeParse(payload)
    if (!claims.success || claims.data.token_type !== type) return undefined
    if (type === 'refresh' && claims.data.ver === undefined) return undefined
    return { userId: claims.data.user_id, type, version: claims.data.ver }
  } catch {
    // Whatever is wrong with a client's token, the answer is the same 401.
    return undefined
  }
}
