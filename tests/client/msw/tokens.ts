import type { RoleName } from '../../../src/shared/constants'
import { agentStore } from './handlers/agents'

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

const nowSeconds = () => Math.floor(Date.now() / 1000)

interface TokenClaims {
  user_id?: number
  token_type?: 'access' | 'refresh'
  exp?: number
  [claim: string]: unknown
}

/** An unsigned JWT: the web app only decodes tokens (jose decodeJwt), it never verifies them. */
export function makeToken(claims: TokenClaims = {}): string {
  const payload = {
    user_id: 1,
    token_type: 'access',
    jti: Math.random().toString(36).slice(2),
    iat: nowSeconds(),
    exp: nowSeconds() + 300,
    ...claims,
  }
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.sig`
}

export const validAccess = (userId = 1) => makeToken({ user_id: userId, token_type: 'access' })
export const expiredAccess = (userId = 1) =>
  makeToken({ user_id: userId, token_type: 'access', exp: nowSeconds() - 60 })
export const validRefresh = (userId = 1) =>
  makeToken({ user_id: userId, token_type: 'refresh', exp: nowSeconds() + 86_400 })

/** Stores a valid token pair and makes the agents handlers answer with `role`. */
export function signIn({ role = 'Agent' }: { role?: RoleName } = {}): void {
  agentStore.agent = { ...agentStore.agent, role }
  localStorage.setItem('access', validAccess(agentStore.agent.id))
  localStorage.setItem('refresh', validRefresh(agentStore.agent.id))
}
