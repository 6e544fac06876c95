import { http, HttpResponse, type RequestHandler } from 'msw'
import type { SessionInfo } from '../../../../src/shared/sessions'
import {
  codeInputSchema,
  mfaInputSchema,
  twoStepDisableInputSchema,
} from '../../../../src/shared/two-step'
import { parseBody } from '../auth-check'
import { makeToken, validRefresh } from '../tokens'
import { KNOWN_USER } from './auth'
import { signedIn } from './signed-in'

/** The code the handlers take as current, and the recovery codes they hand out. */
export const GOOD_CODE = '123456'
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `a1b2-c3d${i}`)
export const SETUP_KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
// A 1x1 PNG: the QR code's place in the page.
const QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

const sessionsAtStart = (): SessionInfo[] => [
  {
    id: 'this-one',
    created_at: '2026-11-26T08:00:00.000Z',
    last_used_at: '2026-11-26T15:58:00.000Z',
    user_agent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ip: '203.0.113.7',
    current: true,
  },
  {
    id: 'phone',
    created_at: '2026-11-20T09:00:00.000Z',
    last_used_at: '2026-11-25T19:12:00.000Z',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ip: '198.51.100.23',
    current: false,
  },
  {
    id: 'laptop',
    created_at: '2026-11-02T10:00:00.000Z',
    last_used_at: '2026-11-24T07:40:00.000Z',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
    ip: '192.0.2.44',
    current: false,
  },
]

/** Two-step sign-in and sessions as the handlers hold them; reset() before each test. */
export const accountStore = {
  enabled: false,
  sessions: sessionsAtStart(),
  usedRecovery: new Set<string>(),
  reset() {
    this.enabled = false
    this.sessions = sessionsAtStart()
    this.usedRecovery = new Set()
  },
}

/** The user whose password sign-in answers `mfa_required`. */
export const TWO_STEP_USER = { username: 'twostep', password: 'password123' }
const MFA_TOKEN = 'mfa-token-of-twostep'

const wrongCode = () => HttpResponse.json({ error: 'That code is not right.' }, { status: 401 })

export const accountHandlers: RequestHandler[] = [
  signedIn.get('*/api/2fa/', () => {
    const { enabled } = accountStore
    return HttpResponse.json({ enabled, enabled_at: enabled ? '2026-11-26T16:00:00.000Z' : null })
  }),
  signedIn.post('*/api/2fa/setup/', () => {
    if (accountStore.enabled) {
      return HttpResponse.json({ error: 'Two-step sign-in is already on.' }, { status: 409 })
    }
    const otpauth_url = `otpauth://totp/Rapport%20CRM:${KNOWN_USER.username}?secret=${SETUP_KEY}`
    return HttpResponse.json({ secret: SETUP_KEY, otpauth_url, qr_code: QR })
  }),
  http.post('*/api/2fa/enable/', async ({ request }) => {
    const body = await parseBody(request, codeInputSchema)
    if (body instanceof Response) return body
    if (body.code !== GOOD_CODE) {
      return HttpResponse.json({ error: 'That code is not right.' }, { status: 400 })
    }
    accountStore.enabled = true
    return HttpResponse.json({ recovery_codes: RECOVERY_CODES })
  }),
  http.post('*/api/2fa/disable/', async ({ request }) => {
    const body = await parseBody(request, twoStepDisableInputSchema)
    if (body instanceof Response) return body
    if (body.password !== KNOWN_USER.password || body.code !== GOOD_CODE) {
      return HttpResponse.json({ error: 'The password or the code is not right.' }, { status: 400 })
    }
    accountStore.enabled = false
    return HttpResponse.json({ message: 'Two-step sign-in is off.' })
  }),
  http.post('*/api/users/token/2fa/', async ({ request }) => {
    const body = await parseBody(request, mfaInputSchema)
    if (body instanceof Response) return body
    if (body.mfa_token !== MFA_TOKEN) return wrongCode()
    const recovery = RECOVERY_CODES.includes(body.code) && !accountStore.usedRecovery.has(body.code)
    if (body.code !== GOOD_CODE && !recovery) return wrongCode()
    if (recovery) accountStore.usedRecovery.add(body.code)
    return HttpResponse.json({ access: makeToken({ user_id: 1 }), refresh: validRefresh(1) })
  }),
  signedIn.get('*/api/sessions/', () => {
    return HttpResponse.json({ Sessions: accountStore.sessions })
  }),
  signedIn.delete('*/api/sessions/:id/', ({ params }) => {
    const found = accountStore.sessions.some((session) => session.id === params.id)
    if (!found) return HttpResponse.json({ error: 'No such session.' }, { status: 404 })
    accountStore.sessions = accountStore.sessions.filter((session) => session.id !== params.id)
    return new HttpResponse(null, { status: 204 })
  }),
  signedIn.post('*/api/sessions/revoke-others/', () => {
    const revoked = accountStore.sessions.filter((session) => !session.current).length
    accountStore.sessions = accountStore.sessions.filter((session) => session.current)
    return HttpResponse.json({ revoked })
  }),
]

/** Put first (server.use): TWO_STEP_USER's password sign-in asks for the second step. */
export const twoStepLogin = http.post('*/api/users/token/', async ({ request }) => {
  const body = (await request.clone().json()) as { username?: string; password?: string }
  if (body.username !== TWO_STEP_USER.username || body.password !== TWO_STEP_USER.password) {
    return undefined
  }
  return HttpResponse.json({ mfa_required: true, mfa_token: MFA_TOKEN })
})
