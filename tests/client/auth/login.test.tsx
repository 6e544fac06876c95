import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { gate } from '../helpers/gate'
import { renderApp } from '../helpers/render-app'
import { server } from '../msw/server'
import { LOGIN_ERROR } from '../msw/handlers/auth'
import { expiredAccess, validAccess } from '../msw/tokens'

const ACCOUNT_CREATED = 'Account created. Sign in to continue.'

// These tests end on the overview; its charts need a canvas jsdom lacks.
vi.mock('react-chartjs-2', () => import('../helpers/chart-stub'))

describe('login screen', () => {
  it('shows the card texts, the fields and the register link', async () => {
    renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(
      screen.getByText('Enter your username below to login to your account.'),
    ).toBeInTheDocument()
    const username = screen.getByLabelText(/Username/)
    expect(username).toHaveAttribute('placeholder', 'johndoe')
    expect(username).toBeRequired()
    expect(screen.getByLabelText(/Password/)).toBeRequired()
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByText(/Not a customer\?/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Register here' })).toHaveAttribute('href', '/register')
  })

  it('stores both tokens and goes to the dashboard overview', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('*/api/users/token/', async () => {
        await gate
        return HttpResponse.json({ access: validAccess(), refresh: 'refresh-token' })
      }),
    )
    const { user, router } = renderApp('/login')
    await user.type(await screen.findByLabelText(/Username/), 'johndoe')
    await user.type(screen.getByLabelText(/Password/), 'password123')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled()
    release()
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/overview')
    expect(localStorage.getItem('access')).toBeTruthy()
    expect(localStorage.getItem('refresh')).toBe('refresh-token')
  })

  it("shows the server's error in the card below the fields; editing takes it away", async () => {
    const { user, router } = renderApp('/login')
    await user.type(await screen.findByLabelText(/Username/), 'johndoe')
    const password = screen.getByLabelText(/Password/)
    await user.type(password, 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(LOGIN_ERROR)
    // In the card, after the fields: not a toast somewhere else on the page.
    expect(screen.getByRole('main')).toContainElement(alert)
    expect(password.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('access')).toBeNull()

    await user.type(password, '!')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('takes the error away while the form is sent again', async () => {
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText(/Username/), 'johndoe')
    await user.type(screen.getByLabelText(/Password/), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_ERROR)
    const held = gate()
    server.use(
      http.post('*/api/users/token/', async () => {
        await held.wait
        return HttpResponse.json({ error: LOGIN_ERROR }, { status: 401 })
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    held.release()
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_ERROR)
  })

  it('on a 429 says how many seconds to wait, from Retry-After', async () => {
    server.use(
      http.post('*/api/users/token/', () =>
        HttpResponse.json(
          { error: 'Too many login attempts. Try again in 42 seconds.' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    )
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText(/Username/), 'johndoe')
    await user.type(screen.getByLabelText(/Password/), 'password123')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 42 seconds.',
    )
  })

  it('says nothing of a new account on a normal visit', async () => {
    renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(screen.queryByText(ACCOUNT_CREATED)).not.toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('does not send the form while a required field is empty', async () => {
    const { user, router } = renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))
    expect(router.state.location.pathname).toBe('/login')
    expect(screen.getByLabelText(/Username/)).toBeInvalid()
  })

  it('ignores a redirect that would leave the site', async () => {
    const { user, router } = renderApp('/login?redirect=%2F%2Fevil.example%2F')
    await user.type(await screen.findByLabelText(/Username/), 'johndoe')
    await user.type(screen.getByLabelText(/Password/), 'password123')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await screen.findByRole('navigation', { name: 'Dashboard' })
    expect(router.state.location.pathname).toBe('/dashboard/overview')
  })

  it('goes straight to the dashboard when a valid access token is stored', async () => {
    localStorage.setItem('access', validAccess())
    const { router } = renderApp('/login')
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/overview')
  })

  it('stays on the login page with an expired token', async () => {
    localStorage.setItem('access', expiredAccess())
    const { router } = renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('logs an undecodable token and stays', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    localStorage.setItem('access', 'garbage')
    const { router } = renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(log).toHaveBeenCalledWith('Invalid access token:', expect.anything())
  })
})
