import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

vi.mock('react-chartjs-2', () => import('./helpers/chart-stub'))

async function openList(path: '/dashboard/customers' | '/dashboard/orders') {
  const app = renderApp(path)
  await screen.findByRole('table', { name: /A list of your recent/ })
  return app
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 })

describe('keyboard shortcuts', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it("'/' focuses the search box on the customers and orders screens", async () => {
    const { user } = await openList('/dashboard/customers')
    await user.keyboard('/')
    const customers = screen.getByRole('searchbox', { name: 'Search Customer' })
    expect(customers).toHaveFocus()
    // The key itself is not typed into the box.
    expect(customers).toHaveValue('')

    await user.click(screen.getByRole('link', { name: 'Orders' }))
    await heading('Orders')
    await user.keyboard('/')
    expect(screen.getByRole('searchbox', { name: 'Search Order' })).toHaveFocus()
  })

  it("'n' opens the add dialog on the customers and orders screens", async () => {
    const { user } = await openList('/dashboard/customers')
    await user.keyboard('n')
    const add = await screen.findByRole('dialog', { name: 'Add Customer' })
    expect(within(add).getByLabelText('Name')).toHaveValue('')
    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Customer' })).not.toBeInTheDocument(),
    )

    await user.click(screen.getByRole('link', { name: 'Orders' }))
    await heading('Orders')
    await user.keyboard('n')
    expect(await screen.findByRole('dialog', { name: 'Add Order' })).toBeInTheDocument()
  })

  it("'/' and 'n' do nothing on other screens", async () => {
    const { user, router } = renderApp('/dashboard/overview')
    await heading('Overview')
    await user.keyboard('/n')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/overview')
  })

  it("'g' then 'o', 'c' or 'h' goes to orders, customers or history", async () => {
    const { user, router } = renderApp('/dashboard/overview')
    await heading('Overview')
    await user.keyboard('go')
    await heading('Orders')
    expect(router.state.location.pathname).toBe('/dashboard/orders')
    await user.keyboard('gc')
    await heading('Customers')
    expect(router.state.location.pathname).toBe('/dashboard/customers')
    await user.keyboard('gh')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/history'))
  })

  it("'o' without 'g' just before it does nothing", async () => {
    const now = vi.spyOn(Date, 'now')
    const { user, router } = renderApp('/dashboard/overview')
    await heading('Overview')
    await user.keyboard('o')
    const pressed = Date.now()
    now.mockReturnValue(pressed)
    await user.keyboard('g')
    // Two seconds later: the sequence has lapsed.
    now.mockReturnValue(pressed + 2_000)
    await user.keyboard('c')
    expect(router.state.location.pathname).toBe('/dashboard/overview')
  })

  it("'?' (Shift+/) opens 'Keyboard shortcuts', listing them all", async () => {
    const { user } = renderApp('/dashboard/overview')
    await heading('Overview')
    await user.keyboard('{Shift>}?{/Shift}')
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'Ctrl KOpen the command palette',
      '/Search the list (customers and orders screens)',
      'nAdd a customer or an order (customers and orders screens)',
      'tAdd a task',
      'g then oGo to Orders',
      'g then cGo to Customers',
      'g then hGo to History',
      '?Show these shortcuts',
      'EscClose the palette or a dialog',
    ])
    // A dialog is open: the page behind it takes no shortcuts.
    await user.keyboard('go')
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument()
  })

  it('does nothing while typing in a field', async () => {
    const { user, router } = await openList('/dashboard/customers')
    const search = screen.getByRole('searchbox', { name: 'Search Customer' })
    await user.click(search)
    await user.keyboard('n/g?goc')
    expect(search).toHaveValue('n/g?goc')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/customers')

    // Nor in a dialog's fields.
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const add = await screen.findByRole('dialog', { name: 'Add Customer' })
    const name = within(add).getByLabelText('Name')
    await user.type(name, 'Nora g/o?')
    expect(name).toHaveValue('Nora g/o?')
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/dashboard/customers')
  })

  it('works with the focus on a switch or a button (nothing to type into)', async () => {
    const { user, router } = await openList('/dashboard/customers')
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }))
    await user.keyboard('go')
    await heading('Orders')
    expect(router.state.location.pathname).toBe('/dashboard/orders')
  })

  it('Ctrl+K opens the palette even from a field', async () => {
    const { user } = await openList('/dashboard/customers')
    await user.click(screen.getByRole('searchbox', { name: 'Search Customer' }))
    await user.keyboard('{Control>}k{/Control}')
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeInTheDocument()
    await user.keyboard('{Control>}k{/Control}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument(),
    )
  })
})
