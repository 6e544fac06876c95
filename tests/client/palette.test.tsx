import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { gate } from './helpers/gate'
import { renderApp } from './helpers/render-app'
import { mockDb, resetMockData, withCustomerName } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

vi.mock('react-chartjs-2', () => import('./helpers/chart-stub'))

const ACTIONS = [
  'Add customer',
  'Add order',
  'Add task',
  'Go to Overview',
  'Go to Customers',
  'Go to Orders',
  'Go to History',
  'Go to Settings',
  'Go to Account',
  'Toggle dark mode',
  'Keyboard shortcuts',
  'Sign out',
]

async function openOverview() {
  const app = renderApp('/dashboard/overview')
  await screen.findByRole('heading', { name: 'Overview', level: 1 })
  return app
}

async function openPalette(user: ReturnType<typeof renderApp>['user']) {
  await user.keyboard('{Control>}k{/Control}')
  return screen.findByRole('dialog', { name: 'Command palette' })
}

const searchBox = () =>
  screen.getByRole('combobox', { name: 'Search customers, orders and commands' })
const options = (palette: HTMLElement) =>
  within(palette)
    .getAllByRole('option')
    .map((option) => option.querySelector('[class*="actionLabel"]')?.textContent)
const selected = (palette: HTMLElement) =>
  within(palette).getByRole('option', { selected: true }).querySelector('[class*="actionLabel"]')
    ?.textContent

describe('command palette', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('opens with Ctrl+K and lists the actions, the first selected, the focus in its box', async () => {
    const { user } = await openOverview()
    const palette = await openPalette(user)
    expect(searchBox()).toHaveFocus()
    expect(options(palette)).toEqual(ACTIONS)
    expect(selected(palette)).toBe('Add customer')
    expect(searchBox()).toHaveAttribute(
      'aria-activedescendant',
      within(palette).getByRole('option', { selected: true }).id,
    )
  })

  it('opens with ⌘K too, and Esc closes it', async () => {
    const { user } = await openOverview()
    await user.keyboard('{Meta>}k{/Meta}')
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument(),
    )
  })

  it('lists matching records first, then matching actions; Enter opens the first', async () => {
    mockDb.customers.push({
      id: 50,
      next_follow_up: null,
      owner: null,
      name: 'Orla Darkwood',
      email: 'orla@example.com',
      city: 'Cork',
      country: 'Ireland',
      phone: '',
      date_created: '2024-05-01T09:00:00.000Z',
      version: 1,
    })
    const { user, router } = await openOverview()
    const palette = await openPalette(user)
    await user.type(searchBox(), 'dark')
    await within(palette).findByRole('option', { name: /Orla Darkwood/ })
    expect(options(palette)).toEqual(['Orla Darkwood', 'Toggle dark mode'])
    expect(selected(palette)).toBe('Orla Darkwood')
    await user.keyboard('{Enter}')
    expect(
      await screen.findByRole('heading', { name: 'Orla Darkwood', level: 1 }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/customers/50')
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument()
  })

  it('finds customers by email and orders by ORD- number or customer name', async () => {
    // The server reads `ORD-13` as order 13 (API.md "Orders"); the default handler does not.
    server.use(
      http.get('*/api/orders/', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? ''
        const id = /^ord-?(\d+)$/i.exec(search)?.[1]
        if (id === undefined) return undefined
        const rows = mockDb.orders.filter((o) => o.id === Number(id)).map(withCustomerName)
        return HttpResponse.json({
          Orders: rows,
          count: rows.length,
          count_exact: true,
          next: null,
        })
      }),
    )
    const { user, router } = await openOverview()
    const palette = await openPalette(user)
    await user.type(searchBox(), 'bob@')
    expect(await within(palette).findByRole('option', { name: /Bob Stone/ })).toBeInTheDocument()

    await user.clear(searchBox())
    await user.type(searchBox(), 'Ann Lee')
    await within(palette).findByRole('option', { name: /ORD-12/ })
    expect(options(palette)).toEqual(['Ann Lee', 'ORD-12'])
    expect(within(palette).getByRole('option', { name: /ORD-12/ })).toHaveTextContent(
      'Ann Lee · Pending · $125.50',
    )

    await user.clear(searchBox())
    await user.type(searchBox(), 'ORD-13')
    await within(palette).findByRole('option', { name: /ORD-13/ })
    expect(options(palette)).toEqual(['ORD-13'])
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'ORD-13', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/orders/13')
  })

  it('moves the selection with the arrows (round at the ends); Enter runs it', async () => {
    const { user, router } = await openOverview()
    const palette = await openPalette(user)
    await user.type(searchBox(), 'go to')
    await waitFor(() => expect(selected(palette)).toBe('Go to Overview'))
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(selected(palette)).toBe('Go to Orders')
    await user.keyboard('{ArrowUp}')
    expect(selected(palette)).toBe('Go to Customers')
    expect(palette.querySelector('[data-selected]')).toBe(
      within(palette).getByRole('option', { selected: true }),
    )
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(selected(palette)).toBe('Go to Account')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/customers'))
  })

  it('says when nothing matches', async () => {
    const { user } = await openOverview()
    const palette = await openPalette(user)
    await user.type(searchBox(), 'zzzz')
    expect(await within(palette).findByText('Nothing found')).toBeInTheDocument()
  })

  it('shows only the latest text’s matches when an earlier search answers late', async () => {
    const asked = gate()
    const slow = gate()
    server.use(
      http.get('*/api/customers/', async ({ request }) => {
        if (new URL(request.url).searchParams.get('search') !== 'cara') return undefined
        asked.release()
        await slow.wait
        return undefined
      }),
    )
    const { user, queryClient } = await openOverview()
    const palette = await openPalette(user)
    await user.type(searchBox(), 'cara')
    await asked.wait
    await user.clear(searchBox())
    await user.type(searchBox(), 'bob')
    await waitFor(() => expect(options(palette)).toEqual(['Bob Stone', 'ORD-13']))
    slow.release()
    // The late answer has landed once nothing is fetching.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(options(palette)).toEqual(['Bob Stone', 'ORD-13'])
  })

  it("'Add customer' opens the add dialog on the customers screen", async () => {
    const { user, router } = await openOverview()
    await openPalette(user)
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('dialog', { name: 'Add Customer' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/customers')
  })

  it("'Add order' opens the add dialog on the orders screen, keeping its search", async () => {
    const { user, router } = renderApp('/dashboard/orders?search=Bob')
    await screen.findByRole('heading', { name: 'Orders', level: 1 })
    const palette = await openPalette(user)
    await user.type(searchBox(), 'add order')
    await waitFor(() => expect(options(palette)).toEqual(['Add order']))
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('dialog', { name: 'Add Order' })).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ search: 'Bob' })
  })

  it("'Toggle dark mode' switches the theme, and 'Sign out' signs out", async () => {
    const { user, router } = await openOverview()
    let palette = await openPalette(user)
    await user.type(searchBox(), 'dark mode')
    await waitFor(() => expect(options(palette)).toEqual(['Toggle dark mode']))
    await user.keyboard('{Enter}')
    expect(document.documentElement).toHaveClass('dark')
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toBeChecked()

    palette = await openPalette(user)
    await user.type(searchBox(), 'sign out')
    await waitFor(() => expect(options(palette)).toEqual(['Sign out']))
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('access')).toBeNull()
  })

  it("offers 'Go to Team' to an Admin only", async () => {
    signIn({ role: 'Admin' })
    const { user } = await openOverview()
    const palette = await openPalette(user)
    await user.type(searchBox(), 'team')
    await waitFor(() => expect(options(palette)).toEqual(['Go to Team']))
  })
})
