import { decodeJwt } from 'jose'
import { HttpResponse } from 'msw'
import type { z } from 'zod'
import { fieldErrors } from '../../../src/shared/errors'

/**
 * What the server does on every protected call (API.md "General"): the bearer token must
 * be an unexpired access token. Returns the user id, or the 401 answer to send.
 */
export function requireAccess(request: Request): number | Response {
  const header = request.headers.get('Authorization') ?? ''
  const token = header.startsWith('Bearer ') ? header.slice(7) : ''
  try {
    const claims = decodeJwt(token)
    const fresh = typeof claims.exp === 'number' && claims.exp >= Date.now() / 1000
    if (claims.token_type === 'access' && fresh && typeof claims.user_id === 'number') {
      return claims.user_id
    }
  } catch {
    // falls through to the 401 below
  }
  return HttpResponse.json({ error: 'Authentication credentials were not valid.' }, { status: 401 })
}

/** Parses a JSON body with a shared schema; a bad body is the server's 400 { error, fields }. */
export async function parseBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S> | Response> {
  const body: unknown = await request.json().catch(() => undefined)
  const result = schema.safeParse(body)
  if (result.success) return result.data
  return HttpResponse.json(
    { error: 'The request body is not valid.', fields: fieldErrors(result.error) },
    { status: 400 },
  )
}
