import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { findToast } from './helpers/toast'
import { resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const customersTable = () =>
  screen.findByRole('table', { name: 'A list of your recent customers.' })
const ordersTable = () => screen.findByRole('table', { name: 'A list of your recent orders.' })

async function confirmDelete(user: ReturnType<typeof renderApp>['user'], button: string) {
  await user.click(await screen.findByRole('button', { name: button }))
  const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
  // The dialog tells of the Undo that follows and of History's Restore.
  expect(dialog).toHaveTextContent('You can undo it right after, or restore it later from History.')
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
}

describe('undo after delete', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })
  afterEach(() => vi.useRealTimers())

  it("deleting a customer toasts 'Customer deleted' with Undo, which brings it back", async () => {
    const { user } = renderApp('/dashboard/customers')
    await within(await customersTable()).findByText('Ann Lee')
    await confirmDelete(user, 'Delete Ann Lee')
    const deleted = await findToast('Customer deleted')
    expect(within(await customersTable()).queryByText('Ann Lee')).not.toBeInTheDocument()
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument()

    await user.click(within(deleted).getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Customer restored')).toBeInTheDocument()
    expect(await within(await customersTable()).findByText('Ann Lee')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Customer deleted')).not.toBeInTheDocument())
  })

  it('undoing a delete made on the customer page brings the customer back with its orders', async () => {
    const { user, router } = renderApp('/dashboard/customers/1')
    await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })
    await confirmDelete(user, 'Delete')
    await screen.findByRole('heading', { name: 'Customers', level: 1 })
    const deleted = await findToast('Customer deleted')

    // Its order lost its customer meanwhile.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', {
        name: 'Orders',
      }),
    )
    const row = async () => within(await ordersTable()).findByRole('row', { name: /ORD-12/ })
    expect(await row()).toHaveTextContent('Unknown Customer')

    await user.click(within(deleted).getByRole('button', { name: 'Undo' }))
    await screen.findByText('Customer restored')
    await waitFor(async () => expect(await row()).toHaveTextContent('Ann Lee'))
    await user.click(within(await row()).getByRole('link', { name: 'Ann Lee' }))
    await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })
    expect(router.state.location.pathname).toBe('/dashboard/customers/1')
    expect(await within(await ordersTable()).findByText('ORD-12')).toBeInTheDocument()
  })

  it("deleting an order toasts 'Order deleted'; Undo puts it back in the list", async () => {
    const { user } = renderApp('/dashboard/orders')
    await within(await ordersTable()).findByText('ORD-13')
    await confirmDelete(user, 'Delete ORD-13')
    const deleted = await findToast('Order deleted')
    await waitFor(async () =>
      expect(within(await ordersTable()).queryByText('ORD-13')).not.toBeInTheDocument(),
    )
    await user.click(within(deleted).getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Order restored')).toBeInTheDocument()
    expect(await within(await ordersTable()).findByText('ORD-13')).toBeInTheDocument()
  })

  it('offers Undo for 10 seconds', async () => {
    // Time runs as usual; the test moves it on by the seconds a person would wait.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { user } = renderApp('/dashboard/orders')
    await within(await ordersTable()).findByText('ORD-12')
    await confirmDelete(user, 'Delete ORD-12')
    await findToast('Order deleted')
    act(() => {
      vi.advanceTimersByTime(9_000)
    })
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(2_000)
    })
    await waitFor(() => expect(screen.queryByText('Order deleted')).not.toBeInTheDocument())
  })

  it('shows why an Undo failed', async () => {
    server.use(
      http.post('*/api/customers/:id/restore/', () =>
        HttpResponse.json({ error: 'Customer not found.' }, { status: 404 }),
      ),
    )
    const { user } = renderApp('/dashboard/customers')
    await within(await customersTable()).findByText('Bob Stone')
    await confirmDelete(user, 'Delete Bob Stone')
    const deleted = await findToast('Customer deleted')
    await user.click(within(deleted).getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Customer not found.')).toBeInTheDocument()
    expect(within(await customersTable()).queryByText('Bob Stone')).not.toBeInTheDocument()
  })
})
