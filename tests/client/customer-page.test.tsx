import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { recordAsked, untilAsked } from './helpers/asked'
import { gate } from './helpers/gate'
import { detail } from './helpers/record-page'
import { renderApp } from './helpers/render-app'
import { mockDb, resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const ordersTable = () => screen.findByRole('table', { name: 'A list of your recent orders.' })

async function openAnn(path = '/dashboard/customers/1') {
  const app = renderApp(path)
  expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeInTheDocument()
  await within(await ordersTable()).findByText('ORD-12')
  return app
}

describe('customer page', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('is reached from the name in the customers table', async () => {
    const { user, router } = renderApp('/dashboard/customers')
    const table = await screen.findByRole('table', { name: 'A list of your recent customers.' })
    await user.click(await within(table).findByRole('link', { name: 'Bob Stone' }))
    expect(await screen.findByRole('heading', { name: 'Bob Stone', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/customers/2')
  })

  it('shows the contact details, the four figures, its own orders and an empty history', async () => {
    mockDb.orders.push({
      id: 20,
      customer: 1,
      status: 'Delivered',
      total_Amount: '1188.01',
      date_created: '2024-05-09T08:00:00.000Z',
      version: 1,
    })
    await openAnn()
    expect(detail('Email')).toBe('ann@example.com')
    expect(detail('Phone')).toBe('555-0101')
    expect(detail('Location')).toBe('Austin, USA')
    expect(detail('Created')).toBe('2024-03-01')
    expect(detail('Orders')).toBe('2')
    expect(detail('Total spent')).toBe('$1,313.51')
    expect(detail('First order')).toBe('2024-04-01')
    expect(detail('Last order')).toBe('2024-05-09')
    const table = await ordersTable()
    const ids = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.firstChild?.textContent)
    expect(ids).toEqual(['ORD-20', 'ORD-12'])
    const row = within(table).getByRole('row', { name: /ORD-20/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['ORD-20', 'Ann Lee', 'Delivered', '$1,188.01', '2024-05-09', ''])
    expect(within(row).getByRole('link', { name: 'ORD-20' })).toHaveAttribute(
      'href',
      '/dashboard/orders/20',
    )
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument()
    const history = screen.getByRole('region', { name: 'History' })
    expect(await within(history).findByText('No changes recorded yet.')).toBeInTheDocument()
  })

  it("shows '—' for the order dates of a customer without orders", async () => {
    renderApp('/dashboard/customers/3')
    expect(await screen.findByRole('heading', { name: 'Cara Diaz', level: 1 })).toBeInTheDocument()
    expect(detail('Orders')).toBe('0')
    expect(detail('Total spent')).toBe('$0.00')
    expect(detail('First order')).toBe('—')
    expect(detail('Last order')).toBe('—')
    expect(await screen.findByText('No results.')).toBeInTheDocument()
  })

  it('adds an order with the customer already picked; figures and orders update', async () => {
    const { user } = await openAnn()
    await user.click(screen.getByRole('button', { name: 'Add Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' })
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveValue('#1 Ann Lee')
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }))
    await user.click(await screen.findByRole('option', { name: 'Delivered' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Total Amount' }), '2000')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(await ordersTable()).getByText('ORD-100')).toBeInTheDocument()
    expect(detail('Orders')).toBe('2')
    expect(detail('Total spent')).toBe('$2,125.50')
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument()
  })

  it('edits the customer: the heading and details follow', async () => {
    const { user } = await openAnn()
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })
    const city = within(dialog).getByRole('textbox', { name: 'City' })
    await user.clear(city)
    await user.type(city, 'Leeds')
    const name = within(dialog).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Ann Leigh')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'Ann Leigh', level: 1 })).toBeInTheDocument()
    expect(detail('Location')).toBe('Leeds, USA')
    // Its order rows show the new name too.
    expect(within(await ordersTable()).getByText('Ann Leigh')).toBeInTheDocument()
  })

  it('deletes the customer after the confirmation and goes back to the customers screen', async () => {
    const { user, router } = await openAnn()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    expect(
      within(dialog).getByText(
        'This will delete this Customer. You can undo it right after, or restore it later from History.',
      ),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('heading', { name: 'Customers', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/customers')
    const table = await screen.findByRole('table', { name: 'A list of your recent customers.' })
    await within(table).findByText('Bob Stone')
    expect(within(table).queryByText('Ann Lee')).not.toBeInTheDocument()
    expect(screen.queryByText('Customer not found')).not.toBeInTheDocument()
  })

  it("shows 'Error: {message}' when the delete fails, and stays", async () => {
    server.use(
      http.delete('*/api/customers/:id', () =>
        HttpResponse.json({ error: 'Customer is locked.' }, { status: 409 }),
      ),
    )
    const { user, router } = await openAnn()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Error: Customer is locked.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/customers/1')
  })

  it("says 'Customer not found' with a link back for an unknown id", async () => {
    const { user, router } = renderApp('/dashboard/customers/999')
    expect(
      await screen.findByRole('heading', { name: 'Customer not found', level: 1 }),
    ).toBeInTheDocument()
    // Inside the dashboard, not the whole-page 'Page Not Found'.
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to customers' }))
    expect(await screen.findByRole('heading', { name: 'Customers', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/customers')
  })

  it("says 'Customer not found' for an id no customer can have", async () => {
    renderApp('/dashboard/customers/abc')
    expect(
      await screen.findByRole('heading', { name: 'Customer not found', level: 1 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to customers' })).toBeInTheDocument()
  })

  it('shows the spinner until the role is known', async () => {
    const role = gate()
    server.use(
      http.get('*/api/agent/role/', async () => {
        await role.wait
      }),
    )
    renderApp('/dashboard/customers/1')
    expect(await screen.findByRole('status', { name: 'Loading customer' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Ann Lee' })).not.toBeInTheDocument()
    role.release()
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeInTheDocument()
  })

  it("shows 'Loading...' while the customer loads", async () => {
    const summary = gate()
    server.use(
      http.get('*/api/customers/:id/summary/', async () => {
        await summary.wait
      }),
    )
    renderApp('/dashboard/customers/1')
    // The loader waits for the summary (the customer is in it), so the page paints complete.
    expect(await screen.findByText('Loading...')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Ann Lee' })).not.toBeInTheDocument()
    summary.release()
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeInTheDocument()
  })

  it("shows 'Error: {message}' when the customer cannot be loaded", async () => {
    const unavailable = () =>
      HttpResponse.json({ error: 'The database is unavailable.' }, { status: 503 })
    server.use(
      http.get('*/api/customers/:id/summary/', unavailable),
      http.get('*/api/customers/:id', unavailable),
    )
    renderApp('/dashboard/customers/1')
    expect(await screen.findByText('Error: The database is unavailable.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Ann Lee' })).not.toBeInTheDocument()
  })

  it('asks for the customer and its first orders once, in the summary; the rest at the same time', async () => {
    const { asked, stop } = recordAsked()
    const started = gate()
    server.use(
      // The summary waits until the history, tasks and notes have been asked for too.
      http.get('*/api/customers/:id/summary/', async () => {
        await started.wait
      }),
    )
    renderApp('/dashboard/customers/1')
    await untilAsked(asked, [
      '/api/history/?entity=customer',
      '/api/tasks/?customer=1',
      '/api/notes/?customer=1',
    ])
    started.release()
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeInTheDocument()
    await within(await ordersTable()).findByText('ORD-12')
    stop()
    expect(asked.filter((path) => path === '/api/customers/1/summary/')).toHaveLength(1)
    expect(asked.filter((path) => path.startsWith('/api/customers/1?'))).toEqual([])
    expect(asked.filter((path) => path === '/api/customers/1')).toEqual([])
    expect(asked.filter((path) => path.startsWith('/api/orders/'))).toEqual([])
  })

  it("shows 'Error: {message}' in place of the figures or the orders when only they fail", async () => {
    server.use(
      http.get('*/api/customers/:id/summary/', () =>
        HttpResponse.json({ error: 'Figures are unavailable.' }, { status: 503 }),
      ),
      http.get('*/api/orders/', () =>
        HttpResponse.json({ error: 'Orders are unavailable.' }, { status: 503 }),
      ),
    )
    renderApp('/dashboard/customers/1')
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeInTheDocument()
    expect(await screen.findByText('Error: Figures are unavailable.')).toBeInTheDocument()
    expect(await screen.findByText('Error: Orders are unavailable.')).toBeInTheDocument()
    expect(detail('Email')).toBe('ann@example.com')
  })
})

// Spec 6, as on the customers screen: a Tester sees the refusals and no write buttons.
describe('customer page as a Tester', () => {
  beforeEach(() => {
    resetMockData()
    signIn({ role: 'Tester' })
  })

  it('Edit, Delete and Add Order only say the Tester may not', async () => {
    const { user } = await openAnn()
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    let dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })
    expect(
      within(dialog).getByText('You do not have permission to edit a customer.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    dialog = await screen.findByRole('dialog', { name: 'Warning!' })
    expect(
      within(dialog).getByText('You do not have permission to delete the customer.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await user.click(screen.getByRole('button', { name: 'Add Order' }))
    dialog = await screen.findByRole('dialog', { name: 'Add Order' })
    expect(
      within(dialog).getByText('You do not have permission to create an order.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument()
  })
})

describe("customer page: its orders' table", () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('pages 25 at a time and sorts with ?sort= in the URL, back to page 1', async () => {
    for (let i = 0; i < 30; i += 1) {
      mockDb.orders.push({
        id: 200 + i,
        customer: 3,
        status: 'Pending',
        total_Amount: `${10 + i}.00`,
        date_created: new Date(Date.UTC(2024, 5, 1) + i * 60_000).toISOString(),
        version: 1,
      })
    }
    const { user, router } = renderApp('/dashboard/customers/3?page=2')
    expect(await screen.findByText('Showing 26–30 of 30')).toBeInTheDocument()
    const amount = within(await ordersTable()).getByRole('columnheader', { name: 'Total Amount' })
    await user.click(within(amount).getByRole('button', { name: 'Total Amount' }))
    expect(await screen.findByText('Showing 1–25 of 30')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ sort: 'total_Amount' })
    expect(amount).toHaveAttribute('aria-sort', 'ascending')
    const first = within(await ordersTable()).getAllByRole('row')[1]
    expect(first?.firstChild?.textContent).toBe('ORD-200')
  })
})
