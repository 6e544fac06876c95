import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { RoleName } from '../../src/shared/constants'
import { renderApp } from './helpers/render-app'
import { findToast } from './helpers/toast'
import { addHistory, mockDb, resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const table = () =>
  screen.findByRole('table', {
    name: 'Every change to customers, orders and the team, newest first.',
  })

/** The cells of each data row, as text. */
async function rows(): Promise<string[][]> {
  const found = within(await table())
    .getAllByRole('row')
    .slice(1)
  return found.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  )
}

async function openHistory(role: RoleName = 'Agent', path = '/dashboard/history') {
  signIn({ role })
  const app = renderApp(path)
  await within(await table()).findByText('Customer Bob Stone city Bonn → Berlin')
  return app
}

const row = async (summary: string) =>
  within(await table()).getByRole('row', { name: new RegExp(summary) })

describe('history screen', () => {
  beforeEach(() => resetMockData())

  it("is in the side navigation as 'History', after 'Reports'", async () => {
    signIn()
    const { user, router } = renderApp('/dashboard/orders')
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' })
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(labels.indexOf('History')).toBe(labels.indexOf('Reports') + 1)
    await user.click(within(nav).getByRole('link', { name: 'History' }))
    expect(await screen.findByRole('heading', { name: 'History', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/history')
  })

  it('lists every change newest first: time, who, what and summary', async () => {
    await openHistory()
    const cells = await rows()
    expect(cells[0]).toEqual([
      '3 minutes ago',
      'olivia',
      'Customer updated',
      'Customer Bob Stone city Bonn → Berlin',
      '',
    ])
    // An Agent sees customers, orders and only their own agent entries (johndoe's password).
    expect(cells.map((c) => c[3])).toEqual([
      'Customer Bob Stone city Bonn → Berlin',
      'Order ORD-13 status Pending → Delivered',
      'Customer Cara Diaz restored, with 0 orders',
      'Customer Cara Diaz deleted',
      'Order ORD-15 deleted',
      'Customer Dan Old deleted',
      'Order ORD-13 total_Amount 70.00 → 80.00',
      'Imported 2 customers',
      'Order ORD-13 created',
      "johndoe's password changed",
      'Customer Bob Stone created',
    ])
    expect(cells.find((c) => c[3] === "johndoe's password changed")?.slice(1, 3)).toEqual([
      'operator',
      'Agent password changed',
    ])
    const time = within(await row('Bonn → Berlin')).getByText('3 minutes ago')
    expect(time.tagName).toBe('TIME')
    expect(time).toHaveAttribute('title', new Date(time.getAttribute('datetime')!).toLocaleString())
    expect(screen.getByText('Showing 1–11 of 11')).toBeInTheDocument()
  })

  it('links entries to their customer or order page', async () => {
    const { user, router } = await openHistory()
    expect(within(await row('Imported 2 customers')).queryByRole('link')).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Order ORD-13 status Pending → Delivered' }))
    expect(await screen.findByRole('heading', { name: 'ORD-13', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/orders/13')
    router.history.back()
    await user.click(
      await screen.findByRole('link', { name: 'Customer Bob Stone city Bonn → Berlin' }),
    )
    expect(await screen.findByRole('heading', { name: 'Bob Stone', level: 1 })).toBeInTheDocument()
  })

  it('filters by kind, kept in the URL', async () => {
    const { user, router } = await openHistory()
    const kinds = screen.getByRole('radiogroup', { name: 'Kind' })
    expect(
      within(kinds)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['All', 'Customers', 'Orders'])
    await user.click(within(kinds).getByText('Orders'))
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: 'orders' }))
    await waitFor(async () =>
      expect((await rows()).map((c) => c[2])).toEqual([
        'Order updated',
        'Order deleted',
        'Order updated',
        'Order created',
      ]),
    )
    expect(screen.getByText('Showing 1–4 of 4')).toBeInTheDocument()
  })

  it('lets an Admin see the team entries and filter by agent', async () => {
    const { user, router } = await openHistory('Admin')
    const kinds = screen.getByRole('radiogroup', { name: 'Kind' })
    await user.click(within(kinds).getByText('Team'))
    await waitFor(async () =>
      expect((await rows()).map((c) => c[3])).toEqual([
        "tess's role Agent → Tester",
        "johndoe's password changed",
      ]),
    )
    await user.click(within(kinds).getByText('All'))
    await user.click(screen.getByRole('combobox', { name: 'Agent' }))
    await user.click(await screen.findByRole('option', { name: 'olivia' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ agent: 2 }))
    await waitFor(async () =>
      expect(new Set((await rows()).map((c) => c[1]))).toEqual(new Set(['olivia'])),
    )
    expect(screen.getByText('Showing 1–5 of 5')).toBeInTheDocument()
  })

  it('offers no Team kind and no agent filter to an Agent', async () => {
    await openHistory()
    expect(within(screen.getByRole('radiogroup', { name: 'Kind' })).queryByText('Team')).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Agent' })).not.toBeInTheDocument()
  })

  it("offers 'Restore' on records still deleted; it restores at once and goes away", async () => {
    const { user } = await openHistory()
    const dan = await row('Customer Dan Old deleted')
    await user.click(await within(dan).findByRole('button', { name: 'Restore' }))
    expect(await findToast('Customer restored')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(async () =>
      expect(within(await row('Customer Dan Old deleted')).queryByRole('button')).toBeNull(),
    )
    expect((await rows())[0]?.[3]).toBe('Customer Dan Old restored')
    expect(mockDb.customers.some((c) => c.name === 'Dan Old')).toBe(true)
    // ORD-15 is still deleted; Cara was restored since her delete.
    expect(
      await within(await row('Order ORD-15 deleted')).findByRole('button', { name: 'Restore' }),
    ).toBeInTheDocument()
    expect(within(await row('Customer Cara Diaz deleted')).queryByRole('button')).toBeNull()
  })

  it("shows a Tester no 'Restore'", async () => {
    await openHistory('Tester')
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Time',
      'Who',
      'What',
      'Summary',
    ])
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument()
  })

  it('shows 25 entries a page', async () => {
    for (let i = 0; i < 20; i += 1)
      addHistory('create', 'order', 200 + i, `Order ORD-${200 + i} created`, {})
    const { user } = await openHistory()
    await within(await table()).findByText('Order ORD-219 created')
    expect(screen.getByText('Showing 1–25 of 31')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(await screen.findByText('Showing 26–31 of 31')).toBeInTheDocument()
    expect(within(await table()).getByText('Customer Bob Stone created')).toBeInTheDocument()
  })

  it("shows a failure as 'Error: {message}'", async () => {
    server.use(
      http.get('*/api/history/', () => HttpResponse.json({ error: 'Boom.' }, { status: 500 })),
    )
    signIn()
    renderApp('/dashboard/history')
    expect(await screen.findByText('Error: Boom.')).toBeInTheDocument()
  })
})
