import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { useBoardRects } from './helpers/board-rects'
import { gate } from './helpers/gate'
import { renderApp } from './helpers/render-app'
import { addManyOrders, mockDb, resetMockData, withCustomerName } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const column = (status: string) => screen.findByRole('region', { name: status })

async function openBoard(path = '/dashboard/orders?view=board') {
  const app = renderApp(path)
  await within(await column('Pending')).findByText('ORD-12')
  return app
}

/** Picks ORD-12 up by its handle and moves it one column right with the keyboard. */
async function moveRight(user: ReturnType<typeof renderApp>['user'], label = 'ORD-12') {
  screen.getByRole('button', { name: `Move ${label}` }).focus()
  await user.keyboard('[Space]')
  await user.keyboard('[ArrowRight]')
  await user.keyboard('[Space]')
}

describe('orders board', () => {
  useBoardRects()
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('switches from the table to three columns with counts, amounts and cards', async () => {
    const { user, router } = renderApp('/dashboard/orders')
    await screen.findByRole('table', { name: 'A list of your recent orders.' })
    await user.click(screen.getByRole('radio', { name: 'Board' }))
    expect(router.state.location.search).toMatchObject({ view: 'board' })
    const pending = await column('Pending')
    expect(await within(pending).findByText('1 order · $125.50')).toBeInTheDocument()
    expect(within(pending).getByRole('link', { name: 'ORD-12' })).toBeInTheDocument()
    expect(within(pending).getByText('Ann Lee')).toBeInTheDocument()
    expect(within(pending).getByText('2024-04-01')).toBeInTheDocument()
    expect(within(await column('Delivered')).getByText('ORD-13')).toBeInTheDocument()
    expect(
      within(await column('Out for delivery')).getByText('Unknown Customer'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows 25 cards a column, then more with Load more', async () => {
    addManyOrders(30)
    const { user } = await openBoard()
    const pending = await column('Pending')
    expect(within(pending).getAllByRole('listitem')).toHaveLength(25)
    expect(within(pending).getByText(/^31 orders/)).toBeInTheDocument()
    await user.click(within(pending).getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(pending).getAllByRole('listitem')).toHaveLength(31))
    expect(within(pending).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('moves a card with the keyboard at once, then saves it with its version', async () => {
    const saved = gate()
    let body: unknown
    server.use(
      http.put('*/api/orders/12', async ({ request }) => {
        body = await request.json()
        await saved.wait
        const order = { ...mockDb.orders[0]!, status: 'Out for delivery' as const, version: 2 }
        mockDb.orders[0] = order
        return HttpResponse.json(withCustomerName(order))
      }),
    )
    const { user } = await openBoard()
    await moveRight(user)
    const out = await column('Out for delivery')
    expect(await within(out).findByText('ORD-12')).toBeInTheDocument()
    expect(within(await column('Pending')).queryByText('ORD-12')).not.toBeInTheDocument()
    expect(within(out).getByText(/^2 orders/)).toBeInTheDocument()
    await waitFor(() =>
      expect(body).toMatchObject({ status: 'Out for delivery', version: 1, customer: { id: 1 } }),
    )
    saved.release()
    await waitFor(() => expect(within(out).getByText('ORD-12')).toBeInTheDocument())
  })

  it('puts a refused move back and shows the error', async () => {
    server.use(
      http.put('*/api/orders/12', () =>
        HttpResponse.json({ error: 'The order cannot move.' }, { status: 400 }),
      ),
    )
    const { user } = await openBoard()
    await moveRight(user)
    expect(await screen.findByText('Error: The order cannot move.')).toBeInTheDocument()
    expect(within(await column('Pending')).getByText('ORD-12')).toBeInTheDocument()
    expect(within(await column('Out for delivery')).queryByText('ORD-12')).not.toBeInTheDocument()
  })

  it('offers Reload when someone else changed the order meanwhile (409)', async () => {
    server.use(
      http.put('*/api/orders/12', () => {
        const current = withCustomerName({
          ...mockDb.orders[0]!,
          total_Amount: '99.00',
          version: 2,
        })
        return HttpResponse.json({ error: 'Changed meanwhile.', current }, { status: 409 })
      }),
    )
    const { user } = await openBoard()
    await moveRight(user)
    expect(await screen.findByText('Changed by someone else')).toBeInTheDocument()
    expect(within(await column('Pending')).getByText('ORD-12')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    await waitFor(() =>
      expect(screen.queryByText('Changed by someone else')).not.toBeInTheDocument(),
    )
  })

  it('applies the search and filters to its columns', async () => {
    renderApp('/dashboard/orders?view=board&search=bob')
    expect(await within(await column('Delivered')).findByText('ORD-13')).toBeInTheDocument()
    expect(within(await column('Pending')).getByText('No orders match.')).toBeInTheDocument()
    expect(within(await column('Pending')).getByText('0 orders · $0.00')).toBeInTheDocument()
  })
})

describe('orders board as a Tester', () => {
  beforeEach(() => {
    resetMockData()
    signIn({ role: 'Tester' })
  })

  it('shows the cards with nothing to move them by', async () => {
    await openBoard()
    expect(within(await column('Delivered')).getByText('ORD-13')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Move ORD-/ })).not.toBeInTheDocument()
  })
})
