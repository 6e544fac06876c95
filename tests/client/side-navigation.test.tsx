import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { RoleName } from '../../src/shared/constants'
import { renderApp } from './helpers/render-app'
import { mockDb, resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

const COMMON = [
  'Overview',
  'Customers',
  'Orders',
  'Tasks',
  'Reports',
  'History',
  'Settings',
  'Account',
]

async function openSettings(role: RoleName) {
  signIn({ role })
  const app = renderApp('/dashboard/settings')
  await screen.findByRole('heading', { name: 'Update Password' })
  // The Role box names the role once it is known; the links follow the same answer.
  await within(screen.getByLabelText('Role')).findByText(role)
  return app
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('side navigation (BEYOND.md "Side navigation, in order")', () => {
  beforeEach(() => resetMockData())

  it("gives an Admin 'Team' after 'History', and it opens the team screen", async () => {
    const { user, router } = await openSettings('Admin')
    expect(navLinks()).toEqual([
      'Overview',
      'Customers',
      'Orders',
      'Tasks',
      'Reports',
      'History',
      'Team',
      'Admin',
      'Settings',
      'Account',
    ])
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    await user.click(within(nav).getByRole('link', { name: 'Team' }))
    expect(await screen.findByRole('heading', { name: 'Team', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/team')
    expect(within(nav).getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page')
  })

  it.each(['Agent', 'Tester'] as const)("shows no 'Team' link to a signed-in %s", async (role) => {
    await openSettings(role)
    expect(navLinks()).toEqual(COMMON)
  })

  it("takes 'Team' away once an Admin makes themself an Agent", async () => {
    // Another Admin stays, so the server lets the last one go.
    mockDb.team = mockDb.team.map((a) => (a.username === 'olivia' ? { ...a, role: 'Admin' } : a))
    const { user } = await openSettings('Admin')
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    await user.click(within(nav).getByRole('link', { name: 'Team' }))
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of johndoe' }),
      'Agent',
    )
    const confirm = await screen.findByRole('dialog', { name: 'Change role?' })
    await user.click(within(confirm).getByRole('button', { name: 'Change role' }))
    await waitFor(() => expect(navLinks()).toEqual(COMMON))
  })
})
