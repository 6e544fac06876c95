import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { server } from './msw/server'
import { validAccess } from './msw/tokens'

// These tests end on the overview; its charts need a canvas jsdom lacks.
vi.mock('react-chartjs-2', () => import('./helpers/chart-stub'))

describe('register screen', () => {
  it('shows the card texts, the fields and the login link', async () => {
    renderApp('/register')
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument()
    expect(screen.getByText('Enter your email below to create a new account.')).toBeInTheDocument()
    expect(screen.getByLabelText(/Username/)).toBeRequired()
    const email = screen.getByLabelText(/Email/)
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toBeRequired()
    expect(screen.getByLabelText(/Password/)).toBeRequired()
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument()
    expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login here' })).toHaveAttribute('href', '/login')
  })

  it('creates the account and goes to /login', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('*/api/register/', async () => {
        await gate
        return HttpResponse.json(
          { id: 5, username: 'newbie', email: 'n@example.com' },
          { status: 201 },
        )
      }),
    )
    const { user, router } = renderApp('/register')
    await user.type(await screen.findByLabelText(/Username/), 'newbie')
    await user.type(screen.getByLabelText(/Email/), 'n@example.com')
    await user.type(screen.getByLabelText(/Password/), 'long-enough-1')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled()
    release()
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('logs a failed sign-up to the console and stays', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, router } = renderApp('/register')
    // The msw handler answers 409 for the taken username.
    await user.type(await screen.findByLabelText(/Username/), 'johndoe')
    await user.type(screen.getByLabelText(/Email/), 'j@example.com')
    await user.type(screen.getByLabelText(/Password/), 'long-enough-1')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(log).toHaveBeenCalled())
    expect(screen.queryByText('That username is already taken.')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
  })

  it('goes straight to the dashboard when a valid access token is stored', async () => {
    localStorage.setItem('access', validAccess())
    const { router } = renderApp('/register')
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/overview')
  })
})
