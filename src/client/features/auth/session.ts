import { redirect } from '@tanstack/react-router'
import { decodeToken, getAccessToken, isExpired } from '../../lib/tokens'

/** Only same-origin paths may be returned to after login; anything else goes to /dashboard. */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return '/dashboard'
  // '//host' and '/\host' are protocol-relative: they would leave the site.
  if (target.startsWith('//') || target.startsWith('/\\')) return '/dashboard'
  return target
}

/**
 * Login/register pages skip ahead when a still-valid access token is stored (spec 2).
 * An undecodable token is logged and the user stays (spec 8).
 */
export function hasValidAccessToken(): boolean {
  const access = getAccessToken()
  if (!access) return false
  try {
    decodeToken(access)
  } catch (error) {
    console.error('Invalid access token:', error)
    return false
  }
  return !isExpired(access)
}

/**
 * The dashboard guard (spec 4): no token → login; expired → one refresh; valid → allow.
 * Returns synchronously for a valid token so navigation inside the dashboard does not flash.
 * The server checks the token on every call anyway (STYLE rule 9).
 */
export function requireSession(returnTo: string): void | Promise<void> {
  const access = getAccessToken()
  const toLogin = () => redirect({ to: '/login', search: { redirect: returnTo } })
  if (!access) throw toLogin()
  if (!isExpired(access)) return undefined
  // Loaded here, not imported at the top: the route tree (and so the landing page's
  // download) then does not carry the HTTP client.
  return import('../../api/client')
    .then(({ refreshAccessToken }) => refreshAccessToken())
    .then((ok) => {
      if (!ok) throw toLogin()
    })
}
