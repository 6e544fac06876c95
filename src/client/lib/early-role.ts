import { getAccessToken, isExpired } from './tokens'

// GET /api/agent/role/, sent as the page starts on a dashboard path with a valid access
// token (main.tsx imports this module before anything else, so the request leaves before
// React, Mantine and the routed app's code have been run). Every dashboard screen shows
// 'Loading...' until the role is known (spec 2), and the role query would otherwise ask
// only once all that code has run. The role query takes the answer, once, when the token
// it was sent with is still the stored one; no token, an expired one (the guard refreshes
// it first) or a failed call leave the query to ask as usual.

let early: { token: string; body: Promise<unknown> } | undefined

/** Sends the role request for the page being opened, when it is a signed-in dashboard page. */
export function sendEarlyRoleRequest(path: string): void {
  if (path !== '/dashboard' && !path.startsWith('/dashboard/')) return
  const token = getAccessToken()
  if (!token || isExpired(token)) return
  // Absolute, as api.ts's prefix is (STACK.md: jsdom refuses a relative URL).
  const body = fetch(new URL('/api/agent/role/', location.href), {
    headers: { authorization: `Bearer ${token}` },
  })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
    .catch(() => undefined)
  early = { token, body }
}

/** The early answer's body (undefined when there is none for `token`); given out once. */
export async function takeEarlyRole(token: string | null): Promise<unknown> {
  const taken = early
  early = undefined
  return taken && taken.token === token ? taken.body : undefined
}
