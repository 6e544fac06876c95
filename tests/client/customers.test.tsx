import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { addManyCustomers, resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

/** A promise the test resolves, so a loading state cannot slip by unseen. */
function gate() {
  let release = () => {}
  const wait = new Promise<void>((resolve) => (release = resolve))
  return { wait, release }
}

const table = () => screen.findByRole('table', { name: 'A list of your recent customers.' })

describe('customers screen: list', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('shows the heading, Add, the search box, caption, columns and rows', async () => {
    renderApp('/dashboard/customers')
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Search Customer')).toBeInTheDocument()
    const list = await table()
    expect(within(list).getByText('A list of your recent customers.')).toBeInTheDocument()
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    // The first column holds the rows' checkboxes (bulk changes, issue 26).
    expect(headers).toEqual(['', 'Name', 'Email', 'Location', 'Phone', 'Created', 'Action'])
    const row = within(list).getByRole('row', { name: /Ann Lee/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Ann Lee', 'ann@example.com', 'Austin, USA', '555-0101', '2024-03-01', ''])
    expect(within(row).getByRole('button', { name: 'Edit Ann Lee' })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Delete Ann Lee' })).toBeInTheDocument()
    // Newest first, as the API orders by default.
    const names = within(list)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.children[1]?.textContent)
    expect(names).toEqual(['Cara Diaz', 'Bob Stone', 'Ann Lee'])
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument()
  })

  it("shows 'Loading...' until the role is known", async () => {
    const role = gate()
    server.use(
      http.get('*/api/agent/role/', async () => {
        await role.wait
      }),
    )
    renderApp('/dashboard/customers')
    await screen.findByRole('navigation', { name: 'Dashboard' })
    expect(screen.getByText('Loading...')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Customers' })).not.toBeInTheDocument()
    role.release()
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument()
  })

  it('shows the three-dots spinner while the list loads', async () => {
    const list = gate()
    server.use(
      http.get('*/api/customers/', async () => {
        await list.wait
      }),
    )
    renderApp('/dashboard/customers')
    expect(await screen.findByRole('status', { name: 'Loading customers' })).toBeInTheDocument()
    list.release()
    expect(await table()).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading customers' })).not.toBeInTheDocument()
  })

  it("shows 'Error: {message}' when the list fails", async () => {
    server.use(
      http.get('*/api/customers/', () =>
        HttpResponse.json({ error: 'The database is unavailable.' }, { status: 503 }),
      ),
    )
    renderApp('/dashboard/customers')
    expect(await screen.findByText('Error: The database is unavailable.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})

describe('customers screen: search and paging on the server', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('filters by the server search as the user types, and keeps it in the URL', async () => {
    const { user, router } = renderApp('/dashboard/customers')
    await within(await table()).findByText('Ann Lee')
    // 'berlin' matches Bob only through his city: proof the server did the filtering.
    await user.type(screen.getByPlaceholderText('Search Customer'), 'berlin')
    await waitFor(() => expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument())
    expect(screen.getByText('Bob Stone')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ search: 'berlin' })
  })

  it('opens with the search from the URL (the top bar links here)', async () => {
    renderApp('/dashboard/customers?search=ann')
    const list = await table()
    expect(await within(list).findByText('Ann Lee')).toBeInTheDocument()
    expect(within(list).queryByText('Bob Stone')).not.toBeInTheDocument()
    expect(screen.getByPlaceholderText('Search Customer')).toHaveValue('ann')
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument()
  })

  it("shows 'No results.' when nothing matches", async () => {
    renderApp('/dashboard/customers?search=nobody')
    expect(await screen.findByText('No results.')).toBeInTheDocument()
    expect(screen.getByText('Showing 0 of 0')).toBeInTheDocument()
  })

  it('pages through the results 25 at a time with the total shown, page kept in the URL', async () => {
    addManyCustomers(30)
    const { user, router } = renderApp('/dashboard/customers')
    const list = await table()
    expect(await screen.findByText('Showing 1–25 of 33')).toBeInTheDocument()
    expect(within(list).getAllByRole('row')).toHaveLength(26)
    expect(within(list).getByText('Customer 022')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(await screen.findByText('Showing 26–33 of 33')).toBeInTheDocument()
    expect(within(await table()).getByText('Customer 030')).toBeInTheDocument()
    expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument()
    expect(router.state.location.search).toEqual({ page: 2 })
  })

  it('opens on the page named in the URL; a new search starts again at page 1', async () => {
    addManyCustomers(30)
    const { user, router } = renderApp('/dashboard/customers?page=2')
    expect(await screen.findByText('Showing 26–33 of 33')).toBeInTheDocument()
    await user.type(screen.getByPlaceholderText('Search Customer'), 'customer 01')
    expect(await screen.findByText('Showing 1–10 of 10')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ search: 'customer 01' })
  })
})
