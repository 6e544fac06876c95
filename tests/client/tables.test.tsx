import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { addManyCustomers, addManyOrders, mockDb, resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const customersTable = () =>
  screen.findByRole('table', { name: 'A list of your recent customers.' })
const ordersTable = () => screen.findByRole('table', { name: 'A list of your recent orders.' })

/** The first cell of each data row after its checkbox, as the user reads down the table. */
async function firstColumn(table: Promise<HTMLElement>): Promise<(string | null | undefined)[]> {
  return within(await table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => tr.children[1]?.textContent)
}

const header = async (table: Promise<HTMLElement>, name: string) =>
  within(await table).getByRole('columnheader', { name })

describe('sorting by a click on a column header', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('customers: ascending, then descending, kept in the URL and shown with aria-sort', async () => {
    mockDb.customers.push({ ...mockDb.customers[0]!, id: 50, name: 'aaron low' })
    const { user, router } = renderApp('/dashboard/customers')
    await within(await customersTable()).findByText('Ann Lee')
    // Newest first is the API's default: the Created header says so.
    expect(await header(customersTable(), 'Created')).toHaveAttribute('aria-sort', 'descending')
    const name = await header(customersTable(), 'Name')
    expect(name).not.toHaveAttribute('aria-sort')

    await user.click(within(name).getByRole('button', { name: 'Name' }))
    expect(await header(customersTable(), 'Name')).toHaveAttribute('aria-sort', 'ascending')
    expect(router.state.location.search).toEqual({ sort: 'name' })
    // Text sorts ignoring case (the server orders; the rows show it).
    expect(await firstColumn(customersTable())).toEqual([
      'aaron low',
      'Ann Lee',
      'Bob Stone',
      'Cara Diaz',
    ])
    expect(await header(customersTable(), 'Created')).not.toHaveAttribute('aria-sort')

    await user.click(within(name).getByRole('button', { name: 'Name' }))
    expect(await header(customersTable(), 'Name')).toHaveAttribute('aria-sort', 'descending')
    expect(router.state.location.search).toEqual({ sort: '-name' })
    expect(await firstColumn(customersTable())).toEqual([
      'Cara Diaz',
      'Bob Stone',
      'Ann Lee',
      'aaron low',
    ])
  })

  it('customers: a reload keeps the order; Location sorts by city; the header works from the keyboard', async () => {
    const { user, router } = renderApp('/dashboard/customers?sort=-name')
    await within(await customersTable()).findByText('Ann Lee')
    expect(await header(customersTable(), 'Name')).toHaveAttribute('aria-sort', 'descending')
    expect(await firstColumn(customersTable())).toEqual(['Cara Diaz', 'Bob Stone', 'Ann Lee'])

    const location = within(await header(customersTable(), 'Location')).getByRole('button')
    location.focus()
    await user.keyboard('{Enter}')
    expect(await header(customersTable(), 'Location')).toHaveAttribute('aria-sort', 'ascending')
    expect(router.state.location.search).toEqual({ sort: 'city' })
    expect(await firstColumn(customersTable())).toEqual(['Ann Lee', 'Cara Diaz', 'Bob Stone'])
    // The Action column does not sort.
    const action = await header(customersTable(), 'Action')
    expect(within(action).queryByRole('button')).not.toBeInTheDocument()
  })

  it('a new order starts again at page 1; an unknown sort in the URL is dropped', async () => {
    addManyCustomers(30)
    const { user, router } = renderApp('/dashboard/customers?page=2&sort=password')
    expect(await screen.findByText('Showing 26–33 of 33')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ page: 2 })
    const email = await header(customersTable(), 'Email')
    await user.click(within(email).getByRole('button', { name: 'Email' }))
    expect(await screen.findByText('Showing 1–25 of 33')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ sort: 'email' })
    expect((await firstColumn(customersTable()))[0]).toBe('Ann Lee')
  })

  it('orders: Total Amount descending puts the largest order first', async () => {
    mockDb.orders.push({
      id: 30,
      customer: 3,
      status: 'Pending',
      total_Amount: '1313.51',
      date_created: '2023-01-01T10:00:00.000Z',
      version: 1,
    })
    const { user, router } = renderApp('/dashboard/orders')
    await within(await ordersTable()).findByText('ORD-12')
    const amount = await header(ordersTable(), 'Total Amount')
    await user.click(within(amount).getByRole('button', { name: 'Total Amount' }))
    await user.click(within(amount).getByRole('button', { name: 'Total Amount' }))
    expect(await header(ordersTable(), 'Total Amount')).toHaveAttribute('aria-sort', 'descending')
    expect(router.state.location.search).toEqual({ sort: '-total_Amount' })
    // Numbers, not text: $1,313.51 before $125.50 before $80.00.
    expect(await firstColumn(ordersTable())).toEqual(['ORD-30', 'ORD-12', 'ORD-13', 'ORD-14'])
    const row = within(await ordersTable()).getByRole('row', { name: /ORD-30/ })
    expect(within(row).getByText('$1,313.51')).toBeInTheDocument()
  })

  it('orders: Status sorts in workflow order; Customer by name', async () => {
    const { user } = renderApp('/dashboard/orders?sort=status')
    await within(await ordersTable()).findByText('ORD-12')
    expect(await firstColumn(ordersTable())).toEqual(['ORD-12', 'ORD-14', 'ORD-13'])
    const customer = await header(ordersTable(), 'Customer')
    await user.click(within(customer).getByRole('button', { name: 'Customer' }))
    expect(await header(ordersTable(), 'Customer')).toHaveAttribute('aria-sort', 'ascending')
    const names = within(await ordersTable())
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.children[2]?.textContent)
    // As the server does: an order without a customer has an empty name, so it comes first.
    expect(names).toEqual(['Unknown Customer', 'Ann Lee', 'Bob Stone'])
  })
})

describe('orders screen: status filter', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it("shows only the chosen status, kept in the URL; 'All' shows every order again", async () => {
    addManyOrders(30)
    const { user, router } = renderApp('/dashboard/orders?page=2')
    expect(await screen.findByText('Showing 26–33 of 33')).toBeInTheDocument()
    const filter = screen.getByRole('radiogroup', { name: 'Status' })
    expect(within(filter).getByRole('radio', { name: 'All' })).toBeChecked()
    expect(
      within(filter)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['All', 'Pending', 'Out for delivery', 'Delivered'])

    await user.click(within(filter).getByRole('radio', { name: 'Delivered' }))
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ status: 'Delivered' })
    expect(await firstColumn(ordersTable())).toEqual(['ORD-13'])

    await user.click(within(filter).getByRole('radio', { name: 'Pending' }))
    expect(await screen.findByText('Showing 1–25 of 31')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ status: 'Pending' })
    for (const row of within(await ordersTable())
      .getAllByRole('row')
      .slice(1)) {
      expect(within(row).getByText('Pending')).toBeInTheDocument()
    }

    await user.click(within(filter).getByRole('radio', { name: 'All' }))
    expect(await screen.findByText('Showing 1–25 of 33')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({})
  })

  it('opens with the status from the URL, together with search and sort', async () => {
    renderApp('/dashboard/orders?status=Out%20for%20delivery&sort=-id')
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Out for delivery' })).toBeChecked()
    expect(await firstColumn(ordersTable())).toEqual(['ORD-14'])
    expect(await header(ordersTable(), 'Order ID')).toHaveAttribute('aria-sort', 'descending')
  })
})

describe('numbers with thousands separators', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it("the count line reads 'Showing 1–25 of 1,237'", async () => {
    addManyCustomers(1234)
    renderApp('/dashboard/customers')
    expect(await screen.findByText('Showing 1–25 of 1,237')).toBeInTheDocument()
  })

  it("the count line reads 'of 10,000+' when the server's count is not exact", async () => {
    server.use(
      http.get('*/api/customers/', () =>
        HttpResponse.json({
          Customers: mockDb.customers,
          count: 10000,
          count_exact: false,
          next: 'more',
        }),
      ),
    )
    renderApp('/dashboard/customers?search=a')
    expect(await screen.findByText('Showing 1–25 of 10,000+')).toBeInTheDocument()
  })
})
