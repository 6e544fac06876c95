import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

vi.mock('react-chartjs-2', () => import('./helpers/chart-stub'))

/** Every dashboard screen, by its address and its heading once it has loaded. */
const SCREENS = [
  ['/dashboard/overview', 'Overview'],
  ['/dashboard/customers', 'Customers'],
  ['/dashboard/orders', 'Orders'],
  ['/dashboard/customers/1', 'Ann Lee'],
  ['/dashboard/orders/12', 'ORD-12'],
  ['/dashboard/history', 'History'],
  ['/dashboard/team', 'Team'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/account', 'Account'],
] as const

const ADDS = [
  {
    action: 'Add customer',
    dialog: 'Add Customer',
    list: '/dashboard/customers',
    listHeading: 'Customers',
  },
  { action: 'Add order', dialog: 'Add Order', list: '/dashboard/orders', listHeading: 'Orders' },
] as const

const CASES = SCREENS.flatMap(([path, heading]) => ADDS.map((add) => ({ path, heading, ...add })))

describe("the command palette's add actions, from every dashboard screen", () => {
  beforeEach(() => {
    resetMockData()
    // An Admin, so the team screen is one of them.
    signIn({ role: 'Admin' })
  })

  it.each(CASES)('$action from $path opens the dialog $dialog', async (c) => {
    const { user, router } = renderApp(c.path)
    await screen.findByRole('heading', { name: c.heading, level: 1 })
    await user.keyboard('{Control>}k{/Control}')
    const search = await screen.findByRole('combobox', {
      name: 'Search customers, orders and commands',
    })
    await user.type(search, c.action)
    await user.click(await screen.findByRole('option', { name: c.action }))
    expect(await screen.findByRole('dialog', { name: c.dialog })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(c.list)
    expect(
      await screen.findByRole('heading', { name: c.listHeading, level: 1 }),
    ).toBeInTheDocument()
    // One dialog, on the screen it belongs to: nothing else opened on the way.
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1))
  })
})
