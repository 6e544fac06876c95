import { decodeJwt } from 'jose'

// Spec 3/9: tokens live in local storage under these exact keys.
const ACCESS_KEY = 'access'
const REFRESH_KEY = 'refresh'

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_KEY)
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_KEY)
}

export function setTokens({ access, refresh }: { access: string; refresh: string }): void {
  localStorage.setItem(ACCESS_KEY, access)
  localStorage.setItem(REFRESH_KEY, refresh)
}

/** Spec 2 "Logout: clears all local storage", not just our two keys. */
export function clearSession(): void {
  localStorage.clear()
}

/** Throws on an undecodable token; callers that must log it (spec 8) use this. */
export function decodeToken(token: string): { exp?: number; user_id?: unknown } {
  return decodeJwt(token)
}

/** Expired when `exp` is earlier than now in seconds (spec 9); undecodable counts as expired. */
export function isExpired(token: string): boolean {
  try {
    const { exp } = decodeJwt(token)
    return typeof exp !== 'number' || exp < Math.floor(Date.now() / 1000)
  } catch {
    return true
  }
}

/** The signed-in agent's id (API.md: `user_id` claim), or null. */
export function currentUserId(): number | null {
  const token = getAccessToken()
  if (!token) return null
  try {
    const { user_id: id } = decodeJwt(token)
    return typeof id === 'number' ? id : null
  } catch {
    return null
  }
}
