import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { addManyOrders, resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

/** A promise the test resolves, so a loading state cannot slip by unseen. */
function gate() {
  let release = () => {}
  const wait = new Promise<void>((resolve) => (release = resolve))
  return { wait, release }
}

const table = () => screen.findByRole('table', { name: 'A list of your recent orders.' })

describe('orders screen: list', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('shows the heading, Add Order, the search box, caption, columns and rows', async () => {
    renderApp('/dashboard/orders')
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Order' })).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Search Order')).toBeInTheDocument()
    const list = await table()
    expect(within(list).getByText('A list of your recent orders.')).toBeInTheDocument()
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    // The first column holds the rows' checkboxes (bulk changes, issue 26).
    expect(headers).toEqual([
      '',
      'Order ID',
      'Customer',
      'Status',
      'Total Amount',
      'Order Date',
      'Action',
    ])
    const row = within(list).getByRole('row', { name: /ORD-12/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['ORD-12', 'Ann Lee', 'Pending', '$125.50', '2024-04-01', ''])
    expect(within(row).getByRole('button', { name: 'Edit ORD-12' })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Delete ORD-12' })).toBeInTheDocument()
    const orphan = within(list).getByRole('row', { name: /ORD-14/ })
    expect(within(orphan).getByText('Unknown Customer')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument()
  })

  it('shows the spinner while the role is loading', async () => {
    const role = gate()
    server.use(
      http.get('*/api/agent/role/', async () => {
        await role.wait
      }),
    )
    renderApp('/dashboard/orders')
    expect(await screen.findByRole('status', { name: 'Loading orders' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument()
    role.release()
    expect(await table()).toBeInTheDocument()
  })

  it('shows the spinner while the list is loading', async () => {
    const list = gate()
    server.use(
      http.get('*/api/orders/', async () => {
        await list.wait
      }),
    )
    renderApp('/dashboard/orders')
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument()
    list.release()
    expect(await table()).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading orders' })).not.toBeInTheDocument()
  })

  it("shows 'Error: ' and the message when the list fails", async () => {
    server.use(
      http.get('*/api/orders/', () =>
        HttpResponse.json({ error: 'Orders are unavailable.' }, { status: 503 }),
      ),
    )
    renderApp('/dashboard/orders')
    expect(await screen.findByText('Error: Orders are unavailable.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})

describe('orders screen: search and paging on the server', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it("searches on the server (customer name, status), kept in the URL's search", async () => {
    const { user, router } = renderApp('/dashboard/orders')
    await within(await table()).findByText('ORD-12')
    await user.type(screen.getByPlaceholderText('Search Order'), 'delivered')
    await waitFor(() => expect(screen.queryByText('ORD-12')).not.toBeInTheDocument())
    expect(screen.getByText('ORD-13')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ search: 'delivered' })
  })

  it('opens with the search from the URL', async () => {
    renderApp('/dashboard/orders?search=ann')
    const list = await table()
    expect(await within(list).findByText('ORD-12')).toBeInTheDocument()
    expect(within(list).queryByText('ORD-13')).not.toBeInTheDocument()
    expect(screen.getByPlaceholderText('Search Order')).toHaveValue('ann')
  })

  it('pages through the orders with the total shown', async () => {
    addManyOrders(30)
    const { user, router } = renderApp('/dashboard/orders')
    expect(await screen.findByText('Showing 1–25 of 33')).toBeInTheDocument()
    expect(within(await table()).getAllByRole('row')).toHaveLength(26)
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(await screen.findByText('Showing 26–33 of 33')).toBeInTheDocument()
    expect(within(await table()).getByText('ORD-1030')).toBeInTheDocument()
    expect(screen.queryByText('ORD-12')).not.toBeInTheDocument()
    expect(router.state.location.search).toEqual({ page: 2 })
  })
})
