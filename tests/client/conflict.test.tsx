import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { mockDb, resetMockData } from './msw/data'
import { liveStreams } from './msw/handlers/live'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const CUSTOMER_CHANGED = 'This customer was changed by someone else since you opened it.'
const ORDER_CHANGED = 'This order was changed by someone else since you opened it.'

/**
 * The server's rule (API.md "Edits that never overwrite another's"): a PUT whose `version`
 * is not the stored one answers 409 with the record as it is now; otherwise the default
 * handler writes.
 */
function refuseStaleEdits(kind: 'customers' | 'orders') {
  server.use(
    http.put(`*/api/${kind}/:id`, async ({ request, params }) => {
      const { version } = (await request.clone().json()) as { version?: number }
      const stored =
        kind === 'customers'
          ? mockDb.customers.find((c) => c.id === Number(params.id))
          : mockDb.orders.find((o) => o.id === Number(params.id))
      if (!stored || version === undefined || version === stored.version) return undefined
      const current =
        'customer' in stored
          ? {
              ...stored,
              customer_name: mockDb.customers.find((c) => c.id === stored.customer)?.name ?? null,
            }
          : stored
      return HttpResponse.json(
        { error: 'It was changed since you loaded it.', current },
        { status: 409 },
      )
    }),
  )
}

/** Another agent's edit, stored as the server would: one version more. */
function changedBySomeoneElse<T extends { id: number; version: number }>(
  rows: T[],
  id: number,
  changes: Partial<T>,
) {
  const found = rows.find((row) => row.id === id)
  if (!found) throw new Error(`no row ${id}`)
  Object.assign(found, changes, { version: found.version + 1 })
}

describe('an edit that would overwrite another agent’s', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('is refused; the dialog says so and Reload loads the customer as it is now', async () => {
    refuseStaleEdits('customers')
    const log = vi.spyOn(console, 'error')
    const { user } = renderApp('/dashboard/customers')
    const table = await screen.findByRole('table', { name: 'A list of your recent customers.' })
    await user.click(await within(table).findByRole('button', { name: 'Edit Ann Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })

    changedBySomeoneElse(mockDb.customers, 1, { name: 'Ann Other', city: 'Dallas' })
    const city = within(dialog).getByLabelText('City')
    await user.clear(city)
    await user.type(city, 'Boston')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(await within(dialog).findByText(CUSTOMER_CHANGED, { exact: false })).toBeInTheDocument()
    expect(mockDb.customers[0]).toMatchObject({ name: 'Ann Other', city: 'Dallas' })
    // A conflict is shown, not logged (spec 8 logs the other failures).
    expect(log).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Reload' }))
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ann Other')
    expect(within(dialog).getByLabelText('City')).toHaveValue('Dallas')
    expect(within(dialog).queryByText(CUSTOMER_CHANGED, { exact: false })).not.toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('City'))
    await user.type(within(dialog).getByLabelText('City'), 'Boston')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Customer' })).not.toBeInTheDocument(),
    )
    expect(mockDb.customers[0]).toMatchObject({ name: 'Ann Other', city: 'Boston', version: 3 })
  })

  it('keeps the version the dialog opened with while the page refreshes live', async () => {
    refuseStaleEdits('customers')
    const { user } = renderApp('/dashboard/customers/2')
    await screen.findByRole('heading', { name: 'Bob Stone', level: 1 })
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })
    await waitFor(() => expect(liveStreams.count).toBe(1))

    changedBySomeoneElse(mockDb.customers, 2, { name: 'Bob Stein' })
    liveStreams.send({ entity: 'customer', id: 2, action: 'update' })
    // The page behind follows; the form keeps what it opened with.
    expect(
      await screen.findByRole('heading', { name: 'Bob Stein', level: 1, hidden: true }),
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Bob Stone')

    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText(CUSTOMER_CHANGED, { exact: false })).toBeInTheDocument()
    expect(mockDb.customers.find((c) => c.id === 2)?.name).toBe('Bob Stein')
  })

  it('is refused for an order too; Reload shows its current status', async () => {
    refuseStaleEdits('orders')
    const { user } = renderApp('/dashboard/orders')
    const table = await screen.findByRole('table', { name: 'A list of your recent orders.' })
    await user.click(await within(table).findByRole('button', { name: 'Edit ORD-12' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Order' })

    changedBySomeoneElse(mockDb.orders, 12, { status: 'Delivered' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(await within(dialog).findByText(ORDER_CHANGED, { exact: false })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }))
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('Delivered')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Order' })).not.toBeInTheDocument(),
    )
    expect(mockDb.orders.find((o) => o.id === 12)).toMatchObject({
      status: 'Delivered',
      version: 3,
    })
  })
})
