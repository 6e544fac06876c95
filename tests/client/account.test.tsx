import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { agentStore } from './msw/handlers/agents'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

describe('account screen', () => {
  beforeEach(() => signIn())

  it('shows the profile card and fills the edit form', async () => {
    renderApp('/dashboard/account')
    expect(await screen.findByText('John Doe')).toBeInTheDocument()
    expect(screen.getByText('Boston, USA')).toBeInTheDocument()
    expect(screen.getByText('UTC-4')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeInTheDocument()
    expect(await screen.findByLabelText(/^First Name/)).toHaveValue('John')
    expect(screen.getByLabelText(/^Last Name/)).toHaveValue('Doe')
    const email = screen.getByLabelText(/^Email/)
    expect(email).toHaveValue('john@example.com')
    expect(email).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText(/^Phone Number/)).toHaveValue('+1 555 0100')
    expect(screen.getByLabelText(/^Country/)).toHaveValue('USA')
    expect(screen.getByLabelText(/^City/)).toHaveValue('Boston')
    for (const label of [
      /^First Name/,
      /^Last Name/,
      /^Email/,
      /^Phone Number/,
      /^Country/,
      /^City/,
    ]) {
      expect(screen.getByLabelText(label)).toBeRequired()
    }
  })

  it("uses the fallbacks 'unknown', 'city', 'country' and 'UTC-5'", async () => {
    agentStore.agent = { ...agentStore.agent, first_name: '', city: '', country: '', timezone: '' }
    renderApp('/dashboard/account')
    expect(await screen.findByText('unknown Doe')).toBeInTheDocument()
    expect(screen.getByText('city, country')).toBeInTheDocument()
    expect(screen.getByText('UTC-5')).toBeInTheDocument()
  })

  it('shows a spinner while the agent is loading; Upload picture does nothing', async () => {
    // The answer waits for the test, so the loading state cannot slip by unseen.
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get('*/api/agents/:id', async () => {
        await gate
        return HttpResponse.json({ Agent: agentStore.agent })
      }),
    )
    const { user, router } = renderApp('/dashboard/account')
    expect(await screen.findByLabelText('Loading profile')).toBeInTheDocument()
    release()
    expect(await screen.findByText('John Doe')).toBeInTheDocument()
    expect(screen.queryByLabelText('Loading profile')).not.toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Upload picture' }))
    expect(router.state.location.pathname).toBe('/dashboard/account')
  })

  it("shows 'Error: …' when the agent cannot be loaded", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get('*/api/agents/:id', () =>
        HttpResponse.json({ error: 'Agent not found.' }, { status: 404 }),
      ),
    )
    renderApp('/dashboard/account')
    expect(await screen.findByText('Error: Agent not found.')).toBeInTheDocument()
    expect(log).toHaveBeenCalled()
  })

  it("saves the form and shows 'Account Updated, Refresh'", async () => {
    const { user } = renderApp('/dashboard/account')
    const first = await screen.findByLabelText(/^First Name/)
    await waitFor(() => expect(first).toHaveValue('John'))
    await user.clear(first)
    await user.type(first, 'Johnny')
    await user.click(screen.getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Account Updated, Refresh')).toBeInTheDocument()
    // The agent query was invalidated, so the card shows the stored name.
    expect(await screen.findByText('Johnny Doe')).toBeInTheDocument()
  })

  it('logs a failed update to the console only', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.put('*/api/agents/:id', () =>
        HttpResponse.json({ error: 'Not allowed.' }, { status: 403 }),
      ),
    )
    const { user } = renderApp('/dashboard/account')
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveValue('John'))
    await user.click(screen.getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(log).toHaveBeenCalled())
    expect(screen.queryByText('Account Updated, Refresh')).not.toBeInTheDocument()
    expect(screen.queryByText(/Not allowed/)).not.toBeInTheDocument()
  })
})
