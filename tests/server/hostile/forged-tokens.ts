import { randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'

/**
 * An `Authorization` header value (or none) that must never sign anyone in: API.md's
 * table answers 401 for no token, a bad signature, expired, wrong type, unknown user.
 */
export interface ForgedToken {
  kind: string
  header: string | undefined
  /** The token alone, to send where a refresh token goes (none when it is a real one). */
  token?: string
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A token written by hand: any header, any claims, any signature. */
const handMade = (header: unknown, claims: unknown, signature = '') =>
  `${b64(header)}.${b64(claims)}.${signature}`

/**
 * Two dozen and more ways to present a token the server must refuse, built against
 * the app's own signing key where that makes the forgery harder to spot.
 */
export async function forgedTokens(
  secret: Uint8Array,
  agent: { id: number; access: string; refresh: string },
  other: { id: number },
): Promise<ForgedToken[]> {
  const now = Math.floor(Date.now() / 1000)
  const claims = { user_id: agent.id, token_type: 'access', jti: randomUUID(), iat: now }
  const sign = (
    payload: Record<string, unknown>,
    { alg = 'HS256', key = secret, ttl = 300, header = {} } = {},
  ) => {
    let jwt = new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT', ...header })
    if (payload.exp === undefined && ttl > 0) jwt = jwt.setExpirationTime(now + ttl)
    return jwt.sign(key)
  }
  const [head, body] = agent.access.split('.') as [string, string, string]
  const [, , otherSignature] = agent.refresh.split('.') as [string, string, string]
  const tampered = b64({
    ...JSON.parse(Buffer.from(body, 'base64url').toString()),
    user_id: other.id,
  })
  const withoutKey = (key: string) =>
    Object.fromEntries(Object.entries(claims).filter(([k]) => k !== key))

  const bearer: [string, string][] = [
    ['garbage', 'garbage'],
    ['three dots', 'a.b.c'],
    ['4 KiB of a', 'a'.repeat(4_096)],
    ['past the bearer length', 'a'.repeat(5_000)],
    ['many segments', 'a.'.repeat(2_000) + 'a'],
    ['JWE-shaped', 'a.b.c.d.e'],
    ['alg none', handMade({ alg: 'none', typ: 'JWT' }, { ...claims, exp: now + 300 })],
    ['alg NoNe', handMade({ alg: 'NoNe' }, { ...claims, exp: now + 300 })],
    ['signature stripped', `${head}.${body}.`],
    ['signature of another token', `${head}.${body}.${otherSignature}`],
    ['claims tampered', `${head}.${tampered}.${agent.access.split('.')[2]}`],
    ['wrong secret', await sign(claims, { key: new Uint8Array(randomBytes(32)) })],
    ['HS512 with the right secret', await sign(claims, { alg: 'HS512' })],
    ['HS384 with the right secret', await sign(claims, { alg: 'HS384' })],
    [
      'RS256 header, HMAC signature',
      handMade({ alg: 'RS256', typ: 'JWT' }, { ...claims, exp: now + 300 }, 'c2ln'),
    ],
    ['expired', await sign({ ...claims, iat: now - 600, exp: now - 300 })],
    ['not yet valid', await sign({ ...claims, nbf: now + 3_600 })],
    ['iat a day ahead', await sign({ ...claims, iat: now + 86_400 }, { ttl: 90_000 })],
    ['refresh token as access', agent.refresh],
    ['no token_type', await sign(withoutKey('token_type'))],
    ['token_type admin', await sign({ ...claims, token_type: 'admin' })],
    ['user_id as a string', await sign({ ...claims, user_id: String(agent.id) })],
    ['unknown user_id', await sign({ ...claims, user_id: 987_654 })],
    ['user_id 2^63', await sign({ ...claims, user_id: 2 ** 63 })],
    ['user_id 2^31', await sign({ ...claims, user_id: 2 ** 31 })],
    ['user_id -1', await sign({ ...claims, user_id: -1 })],
    ['user_id 0', await sign({ ...claims, user_id: 0 })],
    ['user_id 1.5', await sign({ ...claims, user_id: 1.5 })],
    ['user_id an object', await sign({ ...claims, user_id: { $ne: null } })],
    ['no jti', await sign(withoutKey('jti'))],
    ['no iat', await sign(withoutKey('iat'))],
    ['no exp', await sign(claims, { ttl: 0 })],

    [
      'kid path traversal, empty key',
      await sign(claims, {
        key: new Uint8Array(32),
        header: { kid: '../../../../../../dev/null' },
      }),
    ],
  ]
  return [
    { kind: 'no header', header: undefined },
    { kind: 'empty header', header: '' },
    { kind: 'scheme only', header: 'Bearer' },
    { kind: 'lower-case scheme only', header: 'bearer' },
    { kind: 'scheme and space', header: 'Bearer ' },
    { kind: 'Basic', header: `Basic ${Buffer.from('agent:password').toString('base64')}` },
    { kind: 'Token scheme', header: `Token ${agent.access}` },
    { kind: 'two tokens', header: `Bearer ${agent.access}, Bearer ${agent.access}` },
    { kind: 'token and junk', header: `Bearer ${agent.access} junk` },
    { kind: 'unicode', header: 'Bearer 😀', token: '😀' },
    ...bearer.map(([kind, token]) => ({
      kind,
      header: `Bearer ${token}`,
      ...(token === agent.refresh ? {} : { token }),
    })),
  ]
}
