import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { detail } from './helpers/record-page'
import { renderApp } from './helpers/render-app'
import { deleteCustomer, mockDb, resetMockData } from './msw/data'
import { liveStreams, openEventStream } from './msw/handlers/live'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

vi.mock('react-chartjs-2', () => import('./helpers/chart-stub'))

const customersTable = () =>
  screen.findByRole('table', { name: 'A list of your recent customers.' })
const PAUSED = 'Live updates paused, reconnecting…'

/** Someone else's edit: the stored record changes, as the server's would. */
function renameCustomer(id: number, name: string) {
  const found = mockDb.customers.find((c) => c.id === id)
  if (!found) throw new Error(`no customer ${id}`)
  Object.assign(found, { name, version: found.version + 1 })
}

const streamOpen = () => waitFor(() => expect(liveStreams.count).toBe(1))

describe('live changes', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it("refreshes the customers list on another agent's change; the search text stays", async () => {
    const { user, router } = renderApp('/dashboard/customers')
    await within(await customersTable()).findByText('Cara Diaz')
    const search = screen.getByRole('searchbox', { name: 'Search Customer' })
    await user.type(search, 'Ann')
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Ann' }))
    await waitFor(() => expect(screen.queryByText('Cara Diaz')).not.toBeInTheDocument())
    await streamOpen()

    renameCustomer(1, 'Ann Leeds')
    liveStreams.send({ entity: 'customer', id: 1, action: 'update' })

    expect(await within(await customersTable()).findByText('Ann Leeds')).toBeInTheDocument()
    expect(search).toHaveValue('Ann')
    expect(router.state.location.search).toEqual({ search: 'Ann' })
  })

  it('keeps an open dialog and what is typed in it while the list behind refreshes', async () => {
    const { user } = renderApp('/dashboard/customers')
    const table = await customersTable()
    await user.click(await within(table).findByRole('button', { name: 'Edit Bob Stone' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })
    const city = within(dialog).getByLabelText('City')
    await user.clear(city)
    await user.type(city, 'Bonn')
    await streamOpen()

    renameCustomer(3, 'Cara Diaz-Ortiz')
    liveStreams.send({ entity: 'customer', id: 3, action: 'update' })

    expect(await within(table).findByText('Cara Diaz-Ortiz')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Edit Customer' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('City')).toHaveValue('Bonn')
  })

  it("refreshes a customer's figures and orders when an order of theirs changes", async () => {
    renderApp('/dashboard/customers/1')
    await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })
    await waitFor(() => expect(detail('Orders')).toBe('1'))
    await streamOpen()

    mockDb.orders.push({
      id: 30,
      customer: 1,
      status: 'Pending',
      total_Amount: '10.00',
      date_created: '2024-06-01T10:00:00.000Z',
      version: 1,
    })
    // An order event names the order only, not its customer.
    liveStreams.send({ entity: 'order', id: 30, action: 'create' })

    const orders = await screen.findByRole('table', { name: 'A list of your recent orders.' })
    expect(await within(orders).findByText('ORD-30')).toBeInTheDocument()
    await waitFor(() => expect(detail('Orders')).toBe('2'))
  })

  it('refreshes the overview charts', async () => {
    renderApp('/dashboard/overview')
    expect(await screen.findByText('Total Orders: 3')).toBeInTheDocument()
    await streamOpen()

    mockDb.orders = mockDb.orders.filter((o) => o.id !== 13)
    liveStreams.send({ entity: 'order', id: 13, action: 'delete' })

    expect(await screen.findByText('Total Orders: 2')).toBeInTheDocument()
  })

  it("says 'Customer not found' when another agent deletes the customer on screen", async () => {
    renderApp('/dashboard/customers/2')
    await screen.findByRole('heading', { name: 'Bob Stone', level: 1 })
    await streamOpen()

    deleteCustomer(2)
    liveStreams.send({ entity: 'customer', id: 2, action: 'delete' })

    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument()
  })

  it("goes back to the list after one's own delete without flashing 'Customer not found'", async () => {
    // The server's event for the delete arrives before its answer does.
    server.use(
      http.delete('*/api/customers/:id', ({ params }) => {
        deleteCustomer(Number(params.id))
        liveStreams.send({ entity: 'customer', id: Number(params.id), action: 'delete' })
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user, router } = renderApp('/dashboard/customers/2')
    await screen.findByRole('heading', { name: 'Bob Stone', level: 1 })
    await streamOpen()
    const seen: string[] = []
    const watcher = new MutationObserver(() => {
      if (document.body.textContent?.includes('Customer not found')) seen.push('not found')
    })
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true })

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/customers'))
    await customersTable()
    watcher.disconnect()
    expect(seen).toEqual([])
  })

  it('reconnects when the stream ends (token expiry) and refreshes what changed meanwhile', async () => {
    renderApp('/dashboard/customers')
    await within(await customersTable()).findByText('Ann Lee')
    await streamOpen()

    liveStreams.end()
    // Missed: no stream was open to hear of it.
    renameCustomer(1, 'Ann Lowe')

    expect(await within(await customersTable()).findByText('Ann Lowe')).toBeInTheDocument()
    await streamOpen()
    renameCustomer(2, 'Bob Stein')
    liveStreams.send({ entity: 'customer', id: 2, action: 'update' })
    expect(await within(await customersTable()).findByText('Bob Stein')).toBeInTheDocument()
  })

  it('refreshes the access token once when the stream answers 401, and listens on', async () => {
    let refused = false
    server.use(
      http.get('*/api/events/', ({ request }) => {
        if (refused) return openEventStream(request)
        refused = true
        return HttpResponse.json({ error: 'Token expired.' }, { status: 401 })
      }),
    )
    const before = localStorage.getItem('access')
    const { router } = renderApp('/dashboard/customers')
    await within(await customersTable()).findByText('Ann Lee')
    await streamOpen()
    expect(localStorage.getItem('access')).not.toBe(before)

    renameCustomer(1, 'Ann Fresh')
    liveStreams.send({ entity: 'customer', id: 1, action: 'update' })
    expect(await within(await customersTable()).findByText('Ann Fresh')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/customers')
  })
})

describe("'Live updates paused, reconnecting…'", () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Moves the fake clock on in small steps, letting each retry's request finish. */
  async function wait(ms: number) {
    for (let passed = 0; passed < ms; passed += 100) {
      await act(() => vi.advanceTimersByTimeAsync(100))
    }
  }

  it('shows only after 10 s down, and goes as soon as the stream is back', async () => {
    let refusing = false
    server.use(
      http.get('*/api/events/', ({ request }) =>
        refusing
          ? HttpResponse.json({ error: 'Service unavailable.' }, { status: 503 })
          : openEventStream(request),
      ),
    )
    renderApp('/dashboard/customers')
    await within(await customersTable()).findByText('Ann Lee')
    await streamOpen()

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    refusing = true
    liveStreams.end()
    // Tries after 1 s, 2 s more and 4 s more are refused; nothing is said yet.
    await wait(9_800)
    expect(screen.queryByText(PAUSED)).not.toBeInTheDocument()
    await wait(400)
    expect(screen.getByRole('status')).toHaveTextContent(PAUSED)

    // The next try, 8 s after the one at 7 s, finds the server back.
    refusing = false
    await wait(4_600)
    expect(screen.getByText(PAUSED)).toBeInTheDocument()
    await wait(400)
    expect(liveStreams.count).toBe(1)
    expect(screen.queryByText(PAUSED)).not.toBeInTheDocument()
  })

  it('says nothing when the stream is back within 10 s', async () => {
    let refusing = false
    server.use(
      http.get('*/api/events/', ({ request }) =>
        refusing ? HttpResponse.error() : openEventStream(request),
      ),
    )
    renderApp('/dashboard/customers')
    await within(await customersTable()).findByText('Ann Lee')
    await streamOpen()

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    refusing = true
    liveStreams.end()
    await wait(3_500)
    refusing = false
    // Back at the try 7 s after the drop; 10 s after the drop there is nothing to say.
    await wait(8_000)
    expect(liveStreams.count).toBe(1)
    expect(screen.queryByText(PAUSED)).not.toBeInTheDocument()
  })
})
