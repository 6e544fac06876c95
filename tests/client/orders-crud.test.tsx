import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { orderUpdateInputSchema } from '../../src/shared/order'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const table = () => screen.findByRole('table', { name: 'A list of your recent orders.' })

async function openScreen() {
  const app = renderApp('/dashboard/orders')
  await within(await table()).findByText('ORD-12')
  return app
}

type User = ReturnType<typeof renderApp>['user']

/** Picks in a Mantine select: opens it, optionally types a search, clicks the option. */
async function pick(user: User, input: HTMLElement, option: string | RegExp, search?: string) {
  await user.click(input)
  if (search !== undefined) {
    await user.clear(input)
    await user.type(input, search)
  }
  await user.click(await screen.findByRole('option', { name: option }))
}

async function fillCreateForm(user: User, dialog: HTMLElement) {
  // 'berlin' matches Bob only through his city: the options come from the server's search.
  await pick(
    user,
    within(dialog).getByRole('combobox', { name: 'Customer' }),
    '#2 Bob Stone',
    'berlin',
  )
  await pick(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'Delivered')
  await user.type(within(dialog).getByRole('textbox', { name: 'Total Amount' }), '99.5')
}

describe('orders screen: create', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('creates an order from server-searched customers; closes and the new row appears', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Add Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' })
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument()
    await fillCreateForm(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Order' })).not.toBeInTheDocument(),
    )
    expect(await screen.findByText('Order Created')).toBeInTheDocument()
    const row = within(await table()).getByRole('row', { name: /ORD-100/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((td) => td.textContent),
    ).toEqual(['ORD-100', 'Bob Stone', 'Delivered', '$99.50'])
  })

  it("reads 'Creating...' until the list is fresh", async () => {
    const { user } = await openScreen()
    let release = () => {}
    const refetch = new Promise<void>((resolve) => (release = resolve))
    await user.click(screen.getByRole('button', { name: 'Add Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' })
    await fillCreateForm(user, dialog)
    server.use(
      http.get('*/api/orders/', async () => {
        await refetch
      }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled()
    release()
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Order' })).not.toBeInTheDocument(),
    )
    expect(within(await table()).getByText('ORD-100')).toBeInTheDocument()
  })

  it('requires customer, status and total amount, saying under each field what to do', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Add Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' })
    const labels = [...dialog.querySelectorAll('label')].map((label) => label.textContent)
    expect(labels).toEqual(['Customer *', 'Status *', 'Total Amount *'])
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(within(dialog).getByRole('textbox', { name: 'Total Amount' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveAccessibleDescription(
      'Choose a customer.',
    )
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveAccessibleDescription(
      'Choose a status.',
    )
    expect(
      within(dialog).getByRole('textbox', { name: 'Total Amount' }),
    ).toHaveAccessibleDescription('Enter an amount, like 125.50.')
    expect(screen.getByRole('dialog', { name: 'Add Order' })).toBeInTheDocument()
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument()
  })

  it('logs a create failure to the console only; the form stays open', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.post('*/api/orders/', () =>
        HttpResponse.json({ error: 'Orders are closed.' }, { status: 503 }),
      ),
    )
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Add Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' })
    await fillCreateForm(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Failed to create order:', 'Orders are closed.'),
    )
    expect(screen.getByRole('dialog', { name: 'Add Order' })).toBeInTheDocument()
    expect(screen.queryByText(/Orders are closed/)).not.toBeInTheDocument()
    log.mockRestore()
  })

  it('judges success by HTTP 201: a 200 answer counts as a failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.post('*/api/orders/', () => HttpResponse.json({}, { status: 200 })))
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Add Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' })
    await fillCreateForm(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Failed to create order:', 'Unexpected status 200'),
    )
    expect(screen.getByRole('dialog', { name: 'Add Order' })).toBeInTheDocument()
    log.mockRestore()
  })
})

describe('orders screen: edit and delete', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it("edits an order, sending the loaded order back with 'customer: { id }' and 'total_amount'", async () => {
    // Stricter than the API: only the spec's edit shape is accepted, anything else is a 400.
    server.use(
      http.put('*/api/orders/:id', async ({ request }) => {
        const body = (await request.clone().json()) as Record<string, unknown>
        const specShape =
          typeof body.customer === 'object' &&
          'total_amount' in body &&
          body.id === 12 &&
          'date_created' in body
        if (!specShape || !orderUpdateInputSchema.safeParse(body).success) {
          return HttpResponse.json({ error: 'Not the edit shape.' }, { status: 400 })
        }
        return undefined
      }),
    )
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Edit ORD-12' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Order' })
    // Spec 5: the edit form carries no required markers.
    const labels = [...dialog.querySelectorAll('label')].map((label) => label.textContent)
    expect(labels).toEqual(['Customer', 'Status', 'Total Amount'])
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveValue('#1 Ann Lee')
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('Pending')
    const amount = within(dialog).getByRole('textbox', { name: 'Total Amount' })
    expect(amount).toHaveValue('125.5')
    await pick(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'Out for delivery')
    await user.clear(amount)
    await user.type(amount, '130')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Order' })).not.toBeInTheDocument(),
    )
    const row = within(await table()).getByRole('row', { name: /ORD-12/ })
    expect(within(row).getByText('Out for delivery')).toBeInTheDocument()
    expect(within(row).getByText('$130.00')).toBeInTheDocument()
  })

  it("an emptied amount in the edit form says 'Enter an amount, like 125.50.' and sends nothing", async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Edit ORD-12' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Order' })
    const amount = within(dialog).getByRole('textbox', { name: 'Total Amount' })
    await user.clear(amount)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(amount).toHaveAccessibleDescription('Enter an amount, like 125.50.')
    expect(screen.getByRole('dialog', { name: 'Edit Order' })).toBeInTheDocument()
    const row = within(await table()).getByRole('row', { name: /ORD-12/ })
    expect(within(row).getByText('$125.50')).toBeInTheDocument()
  })

  it('logs an edit failure to the console only; the dialog stays open', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.put('*/api/orders/:id', () => HttpResponse.json({ error: 'Locked.' }, { status: 409 })),
    )
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Edit ORD-13' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Order' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to update order:', 'Locked.'))
    expect(screen.getByRole('dialog', { name: 'Edit Order' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    log.mockRestore()
  })

  it('deletes an order after the confirmation; the row goes away', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Delete ORD-13' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    expect(
      within(dialog).getByText(
        'This will delete this Order. You can undo it right after, or restore it later from History.',
      ),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('ORD-13')).not.toBeInTheDocument())
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument()
  })

  it("shows 'Error: {message}' when a delete fails", async () => {
    server.use(
      http.delete('*/api/orders/:id', () =>
        HttpResponse.json({ error: 'Already shipped.' }, { status: 409 }),
      ),
    )
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Delete ORD-13' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Error: Already shipped.')).toBeInTheDocument()
    expect(screen.getByText('ORD-13')).toBeInTheDocument()
  })
})
