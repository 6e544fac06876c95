import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { PHONE_QUERY } from '../../src/client/components/use-phone'
import { renderApp } from './helpers/render-app'
import { findToast } from './helpers/toast'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

/** A window below 600 px: the phone query matches (setup.ts's stub matches nothing). */
function onPhone() {
  const stub = window.matchMedia.bind(window)
  window.matchMedia = (query: string) => ({ ...stub(query), matches: query === PHONE_QUERY })
  onTestFinished(() => {
    window.matchMedia = stub
  })
}

// The first screen of a file loads its code cold, which can pass 5 s on a busy machine.
const cards = (name: string) => screen.findByRole('list', { name }, { timeout: 15_000 })

/** One card per row, found by its main text (the first line). */
async function card(list: string, title: string): Promise<HTMLElement> {
  const items = within(await cards(list)).getAllByRole('listitem')
  const found = items.find((item) => item.firstElementChild?.textContent === title)
  if (!found) throw new Error(`no card titled ${title}`)
  return found
}

const lines = (item: HTMLElement) =>
  [...item.children].map((child) => child.textContent).filter(Boolean)

describe('on a phone, tables are cards', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
    onPhone()
  })

  it('customers: the name first, the other columns as labelled lines, edit and delete', async () => {
    const { user } = renderApp('/dashboard/customers')
    const list = 'A list of your recent customers.'
    await within(await cards(list)).findByText('Ann Lee')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const ann = await card(list, 'Ann Lee')
    expect(lines(ann)).toEqual([
      'Ann Lee',
      'Email: ann@example.com',
      'Location: Austin, USA',
      'Phone: 555-0101',
      'Created: 2024-03-01',
    ])
    expect(within(ann).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute(
      'href',
      '/dashboard/customers/1',
    )
    // Each action once on the page: the table is not there as well, hidden.
    expect(screen.getAllByRole('button', { name: 'Edit Ann Lee' })).toHaveLength(1)
    await user.click(within(ann).getByRole('button', { name: 'Delete Ann Lee' }))
    expect(await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })).toBeVisible()
  })

  it("sorts with 'Sort by', kept in the URL as the headers do", async () => {
    const { user, router } = renderApp('/dashboard/customers')
    const list = 'A list of your recent customers.'
    await within(await cards(list)).findByText('Ann Lee')
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sort).toHaveValue('-date_created')
    await user.selectOptions(sort, 'Name (ascending)')
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name' }))
    await waitFor(async () =>
      expect(
        within(await cards(list))
          .getAllByRole('listitem')
          .map((item) => item.firstElementChild?.textContent),
      ).toEqual(['Ann Lee', 'Bob Stone', 'Cara Diaz']),
    )
    await user.selectOptions(sort, 'Name (descending)')
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: '-name' }))
  })

  it("keeps the empty state: 'No results.'", async () => {
    const { user } = renderApp('/dashboard/customers')
    const list = 'A list of your recent customers.'
    await within(await cards(list)).findByText('Ann Lee')
    await user.type(screen.getByRole('searchbox', { name: 'Search Customer' }), 'nobody at all')
    expect(await within(await cards(list)).findByText('No results.')).toBeInTheDocument()
  })

  it("orders: ORD-id first, a 'Status' select instead of the segmented control", async () => {
    const { user, router } = renderApp('/dashboard/orders')
    const list = 'A list of your recent orders.'
    await within(await cards(list)).findByText('ORD-12')
    expect(lines(await card(list, 'ORD-12'))).toEqual([
      'ORD-12',
      'Customer: Ann Lee',
      'Status: Pending',
      'Total Amount: $125.50',
      'Order Date: 2024-04-01',
    ])
    const ord12 = await card(list, 'ORD-12')
    expect(within(ord12).getByRole('button', { name: 'Edit ORD-12' })).toBeInTheDocument()
    expect(within(ord12).getByRole('button', { name: 'Delete ORD-12' })).toBeInTheDocument()

    expect(screen.queryByRole('radiogroup', { name: 'Status' })).not.toBeInTheDocument()
    const status = screen.getByRole('combobox', { name: 'Status' })
    expect(status).toHaveValue('All')
    await user.selectOptions(status, 'Pending')
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'Pending' }))
    await waitFor(async () =>
      expect(within(await cards(list)).getAllByRole('listitem')).toHaveLength(1),
    )
    await user.selectOptions(status, 'All')
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it("history: the summary first, 'Restore' on the card", async () => {
    const { user } = renderApp('/dashboard/history')
    const list = 'Every change to customers, orders and the team, newest first.'
    await within(await cards(list)).findByText('Customer Bob Stone city Bonn → Berlin')
    const updated = await card(list, 'Customer Bob Stone city Bonn → Berlin')
    expect(lines(updated)).toEqual([
      'Customer Bob Stone city Bonn → Berlin',
      'Time: 3 minutes ago',
      'Who: olivia',
      'What: Customer updated',
    ])
    const deleted = await card(list, 'Customer Dan Old deleted')
    await user.click(await within(deleted).findByRole('button', { name: 'Restore' }))
    expect(await findToast('Customer restored')).toBeInTheDocument()
  })
})

describe('on a phone, the team is cards', () => {
  beforeEach(() => {
    resetMockData()
    signIn({ role: 'Admin' })
    onPhone()
  })

  it('the username first, the role select and Deactivate on the card', async () => {
    const { user } = renderApp('/dashboard/team')
    const list = 'The agents of this CRM, with their roles.'
    await within(await cards(list)).findByText('olivia')
    const olivia = await card(list, 'olivia')
    expect(lines(olivia)).toEqual([
      'olivia',
      'Name: Olivia Smith',
      'Email: olivia@example.com',
      'Role: AdminAgentTester',
      'Status: Active',
      'Last sign-in: yesterday',
      'Deactivate',
    ])
    expect(within(olivia).getByRole('combobox', { name: 'Role of olivia' })).toHaveValue('Agent')
    await user.click(within(olivia).getByRole('button', { name: 'Deactivate' }))
    expect(await screen.findByRole('dialog')).toBeVisible()
  })
})
