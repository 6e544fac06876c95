import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { api, ApiError } from '../../src/client/api/client'
import { renderApp } from './helpers/render-app'
import { server } from './msw/server'
import { makeToken, validRefresh } from './msw/tokens'

// Looks valid to the web app (not expired) but the server refuses it, as after a revocation.
const refusedAccess = () => makeToken({ token_type: 'refresh' })

describe('api client', () => {
  it('refreshes once on a 401, retries the call once and keeps the new tokens', async () => {
    const stale = refusedAccess()
    const spent = validRefresh()
    localStorage.setItem('access', stale)
    localStorage.setItem('refresh', spent)
    let refreshes = 0
    server.use(
      http.post('*/api/token/refresh/', () => {
        refreshes += 1
        return HttpResponse.json({ access: makeToken({ user_id: 1 }), refresh: validRefresh(1) })
      }),
    )
    // The account screen loads the role and the agent at once: both get a 401.
    renderApp('/dashboard/account')
    expect(
      await within(await screen.findByLabelText('Role')).findByText('Agent'),
    ).toBeInTheDocument()
    expect(await screen.findByText('John Doe')).toBeInTheDocument()
    expect(localStorage.getItem('access')).not.toBe(stale)
    // A refresh token works once: the new one replaces it.
    expect(localStorage.getItem('refresh')).not.toBe(spent)
    expect(refreshes).toBe(1)
  })

  it('ends the session and goes to /login when the refresh fails', async () => {
    // The refused role call is logged by design (spec 8).
    vi.spyOn(console, 'error').mockImplementation(() => {})
    localStorage.setItem('access', refusedAccess())
    localStorage.setItem('refresh', 'revoked')
    const { router } = renderApp('/dashboard/settings')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/dashboard/settings' })
    expect(localStorage.getItem('access')).toBeNull()
  })

  it('does not retry twice: a call still refused after the refresh ends the session', async () => {
    localStorage.setItem('access', refusedAccess())
    localStorage.setItem('refresh', validRefresh())
    let roleCalls = 0
    server.use(
      http.get('*/api/agent/role/', () => {
        roleCalls += 1
        return HttpResponse.json({ error: 'Nope.' }, { status: 401 })
      }),
    )
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = renderApp('/dashboard/settings')
    await screen.findByRole('heading', { name: 'Login' })
    expect(router.state.location.pathname).toBe('/login')
    expect(roleCalls).toBe(2)
    expect(localStorage.length).toBe(0)
  })

  it("turns an error answer into an Error with the server's sentence and the status", async () => {
    server.use(
      http.get('*/api/health', () =>
        HttpResponse.json(
          { error: 'Bad thing.', fields: { name: 'Enter a name.' } },
          { status: 400 },
        ),
      ),
    )
    const error = await api
      .get('health')
      .json()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      message: 'Bad thing.',
      status: 400,
      fields: { name: 'Enter a name.' },
    })
  })

  it("keeps a 429's Retry-After as whole seconds", async () => {
    server.use(
      http.get('*/api/health', () =>
        HttpResponse.json(
          { error: 'Too many.' },
          { status: 429, headers: { 'Retry-After': '17' } },
        ),
      ),
    )
    const error = await api
      .get('health')
      .json()
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 429, retryAfter: 17 })
  })

  it("falls back to 'Request failed with status N' without an error field", async () => {
    server.use(http.get('*/api/health', () => new HttpResponse('oops', { status: 502 })))
    const error = await api
      .get('health')
      .json()
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'Request failed with status 502', status: 502 })
  })

  it('sends no refresh for a refused login', async () => {
    const error = await api
      .post('users/token/', { json: { username: 'x', password: 'y' } })
      .json()
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 401, message: 'Invalid username or password.' })
  })
})
