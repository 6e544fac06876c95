import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { deviceName } from '../../src/client/features/settings/device-name'
import { renderApp } from './helpers/render-app'
import { accountStore } from './msw/handlers/accounts'
import { signIn } from './msw/tokens'

const sessions = async () =>
  within(await screen.findByRole('region', { name: 'Sessions' }, { timeout: 15_000 }))

describe('Settings: sessions', () => {
  beforeEach(() => {
    accountStore.reset()
    signIn()
  })

  it('lists each device by browser and system, with its address and this device marked', async () => {
    renderApp('/dashboard/settings')
    const area = await sessions()
    const mine = await area.findByRole('listitem', { name: 'Chrome on Linux' })
    expect(within(mine).getByText('This device')).toBeInTheDocument()
    expect(within(mine).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument()
    expect(within(mine).getByText(/203\.0\.113\.7 · Last used/)).toBeInTheDocument()
    const phone = area.getByRole('listitem', { name: 'Safari on iOS' })
    expect(within(phone).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    expect(area.getByRole('listitem', { name: 'Firefox on Windows' })).toBeInTheDocument()
  })

  it('signs one device out', async () => {
    const { user } = renderApp('/dashboard/settings')
    const area = await sessions()
    const phone = await area.findByRole('listitem', { name: 'Safari on iOS' })
    await user.click(within(phone).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(area.getAllByRole('listitem')).toHaveLength(2))
    expect(area.queryByRole('listitem', { name: 'Safari on iOS' })).not.toBeInTheDocument()
  })

  it("asks before 'Sign out everywhere else', then leaves this device alone", async () => {
    const { user } = renderApp('/dashboard/settings')
    const area = await sessions()
    await area.findByRole('listitem', { name: 'Safari on iOS' })
    await user.click(area.getByRole('button', { name: 'Sign out everywhere else' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('Sign out every other session?')).toBeInTheDocument()
    expect(accountStore.sessions).toHaveLength(3)
    await user.click(dialog.getByRole('button', { name: 'Sign out everywhere else' }))
    expect(await screen.findByText('Signed out 2 sessions')).toBeInTheDocument()
    expect(await area.findAllByRole('listitem')).toHaveLength(1)
    expect(area.getByRole('listitem', { name: 'Chrome on Linux' })).toBeInTheDocument()
  })
})

describe('deviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
  ])('%s -> %s', (agent, name) => {
    expect(deviceName(agent)).toBe(name)
  })
})
