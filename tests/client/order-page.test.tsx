import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { recordAsked, untilAsked } from './helpers/asked'
import { gate } from './helpers/gate'
import { detail } from './helpers/record-page'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

async function openOrder(id = 12) {
  const app = renderApp(`/dashboard/orders/${id}`)
  expect(await screen.findByRole('heading', { name: `ORD-${id}`, level: 1 })).toBeInTheDocument()
  return app
}

describe('order page', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('is reached from ORD-{id} in the orders table', async () => {
    const { user, router } = renderApp('/dashboard/orders')
    const table = await screen.findByRole('table', { name: 'A list of your recent orders.' })
    await user.click(await within(table).findByRole('link', { name: 'ORD-13' }))
    expect(await screen.findByRole('heading', { name: 'ORD-13', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/orders/13')
  })

  it('shows the customer as a link, the status, the amount, the date and an empty history', async () => {
    const { user, router } = await openOrder(12)
    expect(detail('Customer')).toBe('Ann Lee')
    expect(detail('Status')).toBe('Pending')
    expect(detail('Amount')).toBe('$125.50')
    expect(detail('Order date')).toBe('2024-04-01')
    const history = screen.getByRole('region', { name: 'Status history' })
    expect(await within(history).findByText('No status changes recorded yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ann Lee' }))
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/customers/1')
  })

  it("shows 'Unknown Customer' when the order has none", async () => {
    await openOrder(14)
    expect(detail('Customer')).toBe('Unknown Customer')
    expect(screen.queryByRole('link', { name: 'Unknown Customer' })).not.toBeInTheDocument()
  })

  it('edits the order in the Edit Order dialog; the page follows', async () => {
    const { user } = await openOrder(12)
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Order' })
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveValue('#1 Ann Lee')
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }))
    await user.click(await screen.findByRole('option', { name: 'Delivered' }))
    const amount = within(dialog).getByRole('textbox', { name: 'Total Amount' })
    await user.clear(amount)
    await user.type(amount, '4321.5')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(detail('Status')).toBe('Delivered')
    expect(detail('Amount')).toBe('$4,321.50')
  })

  it('deletes the order after the confirmation and goes back to the orders screen', async () => {
    const { user, router } = await openOrder(13)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    expect(
      within(dialog).getByText(
        'This will delete this Order. You can undo it right after, or restore it later from History.',
      ),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/orders')
    expect(await screen.findByText('Showing 1–2 of 2')).toBeInTheDocument()
    expect(screen.queryByText('ORD-13')).not.toBeInTheDocument()
    expect(screen.queryByText('Order not found')).not.toBeInTheDocument()
  })

  it("shows 'Error: {message}' when the delete fails, and stays", async () => {
    server.use(
      http.delete('*/api/orders/:id', () =>
        HttpResponse.json({ error: 'Already shipped.' }, { status: 409 }),
      ),
    )
    const { user, router } = await openOrder(13)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Error: Already shipped.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/orders/13')
  })

  it("says 'Order not found' with a link back for an unknown id", async () => {
    const { user, router } = renderApp('/dashboard/orders/999')
    expect(
      await screen.findByRole('heading', { name: 'Order not found', level: 1 }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to orders' }))
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/orders')
  })

  it('shows the spinner until the role is known', async () => {
    const role = gate()
    server.use(
      http.get('*/api/agent/role/', async () => {
        await role.wait
      }),
    )
    renderApp('/dashboard/orders/12')
    expect(await screen.findByRole('status', { name: 'Loading order' })).toBeInTheDocument()
    role.release()
    expect(await screen.findByRole('heading', { name: 'ORD-12', level: 1 })).toBeInTheDocument()
  })

  it("shows 'Error: {message}' when the order cannot be loaded", async () => {
    server.use(
      http.get('*/api/orders/:id', () =>
        HttpResponse.json({ error: 'Orders are unavailable.' }, { status: 503 }),
      ),
    )
    renderApp('/dashboard/orders/12')
    expect(await screen.findByText('Error: Orders are unavailable.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'ORD-12' })).not.toBeInTheDocument()
  })

  it('asks for its history, tasks and notes at the same time as the order', async () => {
    const { asked, stop } = recordAsked()
    const order = gate()
    server.use(
      http.get('*/api/orders/:id', async () => {
        await order.wait
      }),
    )
    renderApp('/dashboard/orders/12')
    await untilAsked(asked, [
      '/api/history/?entity=order',
      '/api/tasks/?order=12',
      '/api/notes/?order=12',
    ])
    stop()
    order.release()
    expect(await screen.findByRole('heading', { name: 'ORD-12', level: 1 })).toBeInTheDocument()
  })
})

describe('order page as a Tester', () => {
  beforeEach(() => {
    resetMockData()
    signIn({ role: 'Tester' })
  })

  it('Edit and Delete only say the Tester may not', async () => {
    const { user } = await openOrder(12)
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit Order' })
    expect(
      within(edit).getByText('You do not have permission to edit an order.'),
    ).toBeInTheDocument()
    expect(within(edit).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    await user.click(within(edit).getByRole('button', { name: 'Close' }))

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const remove = await screen.findByRole('dialog', { name: 'Warning!' })
    expect(
      within(remove).getByText('You do not have permission to delete an order.'),
    ).toBeInTheDocument()
    expect(within(remove).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
  })
})
