import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import {
  accountStore,
  GOOD_CODE,
  RECOVERY_CODES,
  SETUP_KEY,
  TWO_STEP_USER,
  twoStepLogin,
} from './msw/handlers/accounts'
import { KNOWN_USER } from './msw/handlers/auth'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

// The sign-in tests end on the overview; its charts need a canvas jsdom lacks.
vi.mock('react-chartjs-2', () => import('./helpers/chart-stub'))

const section = async () =>
  within(await screen.findByRole('region', { name: 'Two-step sign-in' }, { timeout: 15_000 }))

describe('Settings: two-step sign-in', () => {
  beforeEach(() => {
    accountStore.reset()
    signIn()
  })

  it('turns on with the QR code, the key and a code, then shows the recovery codes once', async () => {
    const { user } = renderApp('/dashboard/settings')
    const area = await section()
    await user.click(await area.findByRole('button', { name: 'Turn on' }))
    expect(await area.findByRole('img', { name: /QR code/ })).toBeInTheDocument()
    expect(area.getByText(SETUP_KEY)).toBeInTheDocument()
    await user.type(area.getByLabelText(/^Code/), '000000')
    await user.click(area.getByRole('button', { name: 'Confirm' }))
    expect(await area.findByRole('alert')).toHaveTextContent('That code is not right.')
    await user.clear(area.getByLabelText(/^Code/))
    await user.type(area.getByLabelText(/^Code/), GOOD_CODE)
    await user.click(area.getByRole('button', { name: 'Confirm' }))
    for (const code of RECOVERY_CODES) expect(await area.findByText(code)).toBeInTheDocument()
    expect(area.getByRole('button', { name: 'Download' })).toBeInTheDocument()
    await user.click(area.getByRole('button', { name: 'I have stored them' }))
    expect(area.queryByText(RECOVERY_CODES[0] ?? '')).not.toBeInTheDocument()
    expect(await area.findByRole('button', { name: 'Turn off' })).toBeInTheDocument()
  })

  it('turns off in a dialog asking for the password and a code', async () => {
    accountStore.enabled = true
    const { user } = renderApp('/dashboard/settings')
    const area = await section()
    await user.click(await area.findByRole('button', { name: 'Turn off' }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.type(dialog.getByLabelText(/^Password/), KNOWN_USER.password)
    await user.type(dialog.getByLabelText(/^Code/), '999999')
    await user.click(dialog.getByRole('button', { name: 'Turn off' }))
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The password or the code is not right.',
    )
    await user.clear(dialog.getByLabelText(/^Code/))
    await user.type(dialog.getByLabelText(/^Code/), GOOD_CODE)
    await user.click(dialog.getByRole('button', { name: 'Turn off' }))
    expect(await area.findByRole('button', { name: 'Turn on' })).toBeInTheDocument()
    expect(accountStore.enabled).toBe(false)
  })
})

describe('sign-in with two-step on', () => {
  beforeEach(() => {
    accountStore.reset()
    server.use(twoStepLogin)
  })

  async function passwordStep(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText(/Username/), TWO_STEP_USER.username)
    await user.type(screen.getByLabelText(/Password/), TWO_STEP_USER.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeInTheDocument()
    expect(localStorage.getItem('access')).toBeNull()
  }

  it('asks for the code, says when it is wrong, and signs in with the right one', async () => {
    const { user, router } = renderApp('/login')
    await passwordStep(user)
    await user.type(screen.getByLabelText(/^Code/), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. Try again.')
    expect(router.state.location.pathname).toBe('/login')
    await user.type(screen.getByLabelText(/^Code/), GOOD_CODE)
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument()
    expect(localStorage.getItem('access')).toBeTruthy()
  })

  it('takes a recovery code instead', async () => {
    const { user } = renderApp('/login')
    await passwordStep(user)
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }))
    await user.type(screen.getByLabelText(/^Recovery code/), RECOVERY_CODES[3] ?? '')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument()
  })
})
