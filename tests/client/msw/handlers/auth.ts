import { decodeJwt } from 'jose'
import { http, HttpResponse, type RequestHandler } from 'msw'
import {
  loginInputSchema,
  passwordUpdateInputSchema,
  refreshInputSchema,
  registerInputSchema,
  USERNAME_TAKEN,
} from '../../../../src/shared/auth'
import { parseBody } from '../auth-check'
import { makeToken, validRefresh } from '../tokens'
import { agentStore } from './agents'
import { signedIn } from './signed-in'

/** The one account the happy-path login knows. */
export const KNOWN_USER = { username: 'johndoe', password: 'password123' }
export const LOGIN_ERROR = 'Invalid username or password.'

export const authHandlers: RequestHandler[] = [
  http.post('*/api/users/token/', async ({ request }) => {
    const body = await parseBody(request, loginInputSchema)
    if (body instanceof Response) return body
    if (body.username !== KNOWN_USER.username || body.password !== KNOWN_USER.password) {
      return HttpResponse.json({ error: LOGIN_ERROR }, { status: 401 })
    }
    const id = agentStore.agent.id
    return HttpResponse.json({ access: makeToken({ user_id: id }), refresh: validRefresh(id) })
  }),
  http.post('*/api/register/', async ({ request }) => {
    const body = await parseBody(request, registerInputSchema)
    if (body instanceof Response) return body
    if (body.username.toLowerCase() === KNOWN_USER.username) {
      return HttpResponse.json(
        { error: USERNAME_TAKEN, fields: { username: USERNAME_TAKEN } },
        { status: 409 },
      )
    }
    return HttpResponse.json({ id: 2, username: body.username, email: body.email }, { status: 201 })
  }),
  http.post('*/api/token/refresh/', async ({ request }) => {
    const body = await parseBody(request, refreshInputSchema)
    if (body instanceof Response) return body
    try {
      const claims = decodeJwt(body.refresh)
      const fresh = typeof claims.exp === 'number' && claims.exp >= Date.now() / 1000
      if (claims.token_type === 'refresh' && fresh && typeof claims.user_id === 'number') {
        // The old refresh token is spent: a new pair comes back (API.md "Tokens").
        return HttpResponse.json({
          access: makeToken({ user_id: claims.user_id }),
          refresh: validRefresh(claims.user_id),
        })
      }
    } catch {
      // an undecodable refresh token gets the same 401 as an expired one
    }
    return HttpResponse.json({ error: 'Token is invalid or expired.' }, { status: 401 })
  }),
  signedIn.post('*/api/update-password/', async ({ request }) => {
    const body = await parseBody(request, passwordUpdateInputSchema)
    if (body instanceof Response) return body
    if (body.current_password !== KNOWN_USER.password) {
      return HttpResponse.json(
        {
          error: 'The current password is incorrect.',
          fields: { current_password: 'This is not your current password. Try again.' },
        },
        { status: 400 },
      )
    }
    if (body.new_password !== body.confirm_new_password) {
      return HttpResponse.json(
        {
          error: 'The new passwords do not match.',
          fields: { confirm_new_password: 'Enter the same new password again.' },
        },
        { status: 400 },
      )
    }
    return HttpResponse.json({ message: 'Password updated.' })
  }),
]
