import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const openSettings = async (role?: 'Agent' | 'Tester') => {
  signIn({ role })
  const app = renderApp('/dashboard/settings')
  await screen.findByRole('heading', { name: 'Update Password' })
  return app
}

describe('dashboard layout', () => {
  it("has spec 2's five side links and 'Reports' and 'History' after 'Orders', the current one marked active", async () => {
    await openSettings()
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual([
      'Overview',
      'Customers',
      'Orders',
      'Tasks',
      'Reports',
      'History',
      'Settings',
      'Account',
    ])
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current')
  })

  it('moves the highlight when another link is followed', async () => {
    const { user, router } = await openSettings()
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    await user.click(within(nav).getByRole('link', { name: 'Account' }))
    await screen.findByLabelText(/^First Name/)
    expect(router.state.location.pathname).toBe('/dashboard/account')
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current')
  })

  it("shows the agent's role in the Role box", async () => {
    await openSettings('Tester')
    const box = screen.getByLabelText('Role')
    expect(await within(box).findByText('Tester')).toBeInTheDocument()
  })

  it('logs a failed role fetch and shows no role name', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get('*/api/agent/role/', () => HttpResponse.json({ error: 'Boom.' }, { status: 404 })),
    )
    await openSettings()
    expect(
      await within(screen.getByLabelText('Role')).findByText('Unavailable'),
    ).toBeInTheDocument()
    expect(log).toHaveBeenCalledWith('Failed to fetch role:', expect.any(Error))
  })

  it('offers help with a support phone number', async () => {
    await openSettings()
    expect(screen.getByText('Contact for Help')).toBeInTheDocument()
    expect(screen.getByText(/we will gladly assist you/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '+1 (555) 010-4477' })).toHaveAttribute(
      'href',
      'tel:+15550104477',
    )
  })

  it("opens and closes the mobile panel with the menu button and the 'Menu' label", async () => {
    const { user } = await openSettings()
    const sidebar = document.getElementById('dashboard-sidebar')
    expect(sidebar).not.toHaveAttribute('data-open')
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    expect(sidebar).toHaveAttribute('data-open')
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    expect(sidebar).not.toHaveAttribute('data-open')
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })

  it("has an avatar dropdown titled 'My Account' with Profile and Settings", async () => {
    const { user, router } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'My Account' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByText('My Account')).toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    )
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }))
    await screen.findByLabelText(/^First Name/)
    expect(router.state.location.pathname).toBe('/dashboard/account')
  })

  it('logs out: all local storage cleared, back to /login', async () => {
    const { user, router } = await openSettings()
    localStorage.setItem('something-else', 'x')
    await user.click(screen.getByRole('button', { name: 'My Account' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }))
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.length).toBe(0)
  })

  it("opens the command palette from the top bar's search icon", async () => {
    const { user } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeInTheDocument()
    expect(
      screen.getByRole('combobox', { name: 'Search customers, orders and commands' }),
    ).toHaveFocus()
  })
})
