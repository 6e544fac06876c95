import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { server } from './msw/server'
import { USERNAME_TAKEN } from '../../src/shared/auth'
import { gate } from './helpers/gate'
import { validAccess } from './msw/tokens'

const ACCOUNT_CREATED = 'Account created. Sign in to continue.'

async function fillIn(
  user: UserEvent,
  values: { username: string; email: string; password: string },
) {
  await user.type(await screen.findByLabelText(/Username/), values.username)
  await user.type(screen.getByLabelText(/Email/), values.email)
  await user.type(screen.getByLabelText(/Password/), values.password)
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
}

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

  it('creates the account and goes to /login, which says so with the username filled in', async () => {
    const held = gate()
    server.use(
      http.post('*/api/register/', async () => {
        await held.wait
        return HttpResponse.json(
          { id: 5, username: 'newbie', email: 'n@example.com' },
          { status: 201 },
        )
      }),
    )
    const { user, router } = renderApp('/register')
    await fillIn(user, { username: 'newbie', email: 'n@example.com', password: 'long-enough-1' })
    expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled()
    held.release()
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_CREATED)
    expect(screen.getByLabelText(/Username/)).toHaveValue('newbie')
    // Signing in is the next step: the note has done its work.
    await user.type(screen.getByLabelText(/Password/), 'long-enough-1')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.')
    expect(screen.queryByText(ACCOUNT_CREATED)).not.toBeInTheDocument()
  })

  it("shows a taken username under the Username field, in the server's words", async () => {
    const { user, router } = renderApp('/register')
    // The msw handler answers 409 for the taken username, with fields.username.
    await fillIn(user, { username: 'johndoe', email: 'j@example.com', password: 'long-enough-1' })
    const username = screen.getByLabelText(/Username/)
    await waitFor(() => expect(username).toHaveAccessibleDescription(USERNAME_TAKEN))
    expect(username).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
    // Editing the field takes its error away.
    await user.type(username, '2')
    expect(username).not.toHaveAccessibleDescription(USERNAME_TAKEN)
  })

  it("shows the server's password verdict under the Password field", async () => {
    const weak = 'This password is too common. Choose another.'
    server.use(
      http.post('*/api/register/', () =>
        HttpResponse.json(
          { error: 'Some fields are not valid.', fields: { password: weak } },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderApp('/register')
    await fillIn(user, { username: 'newbie', email: 'n@example.com', password: 'long-enough-1' })
    await waitFor(() => expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription(weak))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it.each([
    [403, { error: 'Sign-up is closed.' }, {}, 'Sign-up is closed.'],
    [
      429,
      { error: 'Too many sign-up attempts. Try again in 17 seconds.' },
      { 'Retry-After': '17' },
      'Too many attempts. Try again in 17 seconds.',
    ],
  ])('shows a %i that concerns no one field in the card', async (status, body, headers, text) => {
    server.use(http.post('*/api/register/', () => HttpResponse.json(body, { status, headers })))
    const { user } = renderApp('/register')
    await fillIn(user, { username: 'newbie', email: 'n@example.com', password: 'long-enough-1' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(text)
    expect(screen.getByRole('main')).toContainElement(alert)
  })

  it('checks the fields with the shared schema, in words that say what to do', async () => {
    const { user } = renderApp('/register')
    await fillIn(user, { username: 'a b', email: 'n@localhost', password: 'short' })
    expect(screen.getByLabelText(/Username/)).toHaveAccessibleDescription(
      'Use only letters, digits and @ . + - _ (no spaces).',
    )
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription(
      'Enter a valid email address.',
    )
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription(
      'Use 8 to 128 characters.',
    )
  })

  it('goes straight to the dashboard when a valid access token is stored', async () => {
    localStorage.setItem('access', validAccess())
    const { router } = renderApp('/register')
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/overview')
  })
})
