import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { server } from './msw/server'
import { expiredAccess, makeToken, validAccess, validRefresh } from './msw/tokens'

// These tests end on the overview; its charts need a canvas jsdom lacks.
vi.mock('react-chartjs-2', () => import('./helpers/chart-stub'))

describe('dashboard guard', () => {
  it('sends a visitor without a token to /login with the deep link to come back to', async () => {
    const { router } = renderApp('/dashboard/settings')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/dashboard/settings' })
  })

  it('lets a valid access token through', async () => {
    localStorage.setItem('access', validAccess())
    localStorage.setItem('refresh', validRefresh())
    const { router } = renderApp('/dashboard/settings')
    expect(await screen.findByRole('heading', { name: 'Update Password' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/settings')
  })

  it('refreshes an expired access token, stores the new one and shows the screen', async () => {
    const expired = expiredAccess()
    localStorage.setItem('access', expired)
    localStorage.setItem('refresh', validRefresh())
    // The refresh answers only when the test says so: the check is visibly in progress.
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('*/api/token/refresh/', async () => {
        await gate
        return HttpResponse.json({ access: makeToken({ user_id: 1 }), refresh: validRefresh() })
      }),
    )
    const { router } = renderApp('/dashboard/settings')
    // Spec 2: 'Loading...' while the session is being checked.
    expect(await screen.findByText('Loading...')).toBeInTheDocument()
    release()
    expect(await screen.findByRole('heading', { name: 'Update Password' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/settings')
    const stored = localStorage.getItem('access')
    expect(stored).not.toBe(expired)
    expect(stored).toBeTruthy()
  })

  it('sends the user to /login when the refresh fails', async () => {
    localStorage.setItem('access', expiredAccess())
    localStorage.setItem('refresh', 'not-a-token')
    const { router } = renderApp('/dashboard/account')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/dashboard/account' })
  })

  it('sends the user to /login when the refresh call errors on the network', async () => {
    localStorage.setItem('access', expiredAccess())
    localStorage.setItem('refresh', validRefresh())
    server.use(http.post('*/api/token/refresh/', () => HttpResponse.error()))
    const { router } = renderApp('/dashboard/settings')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('redirects /dashboard/ to the overview', async () => {
    localStorage.setItem('access', validAccess())
    const { router } = renderApp('/dashboard/')
    await screen.findByRole('navigation', { name: 'Dashboard' })
    expect(router.state.location.pathname).toBe('/dashboard/overview')
  })

  it('returns to the deep link after signing in', async () => {
    const { user, router } = renderApp('/dashboard/settings?tab=1')
    await user.type(await screen.findByLabelText(/Username/), 'johndoe')
    await user.type(screen.getByLabelText(/Password/), 'password123')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('heading', { name: 'Update Password' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/settings')
    expect(router.state.location.search).toEqual({ tab: 1 })
  })
})
