import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const table = () => screen.findByRole('table', { name: 'A list of your recent customers.' })

async function openScreen() {
  const app = renderApp('/dashboard/customers')
  await within(await table()).findByText('Ann Lee')
  return app
}

describe('customers screen: create, edit, delete', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it("creates a customer: 'Creating...' until the list is fresh, then closes, toasts and shows the row", async () => {
    const { user } = await openScreen()
    // Holds the list's refetch, to see the button stay busy until the new row is there.
    let release = () => {}
    const refetch = new Promise<void>((resolve) => (release = resolve))
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' })
    await user.type(within(dialog).getByLabelText('Name'), 'Dan Brown')
    await user.type(within(dialog).getByLabelText('Email'), 'dan@example.com')
    await user.type(within(dialog).getByLabelText('City'), 'Denver')
    await user.type(within(dialog).getByLabelText('Country'), 'USA')
    await user.type(within(dialog).getByLabelText('Phone'), '555-0199')
    server.use(
      http.get('*/api/customers/', async () => {
        await refetch
      }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled()
    release()
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Customer' })).not.toBeInTheDocument(),
    )
    expect(await screen.findByText('Customer Created')).toBeInTheDocument()
    const row = within(await table()).getByRole('row', { name: /Dan Brown/ })
    expect(within(row).getByText('Denver, USA')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–4 of 4')).toBeInTheDocument()
  })

  it('Cancel closes the create form without sending anything', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' })
    await user.type(within(dialog).getByLabelText('Name'), 'Never Saved')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog', { name: 'Add Customer' })).not.toBeInTheDocument()
    expect(screen.queryByText('Never Saved')).not.toBeInTheDocument()
  })

  it('checks the form with the shared schema before sending, saying under each field what to do', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' })
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Enter a name.')
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address.',
    )
    expect(screen.queryByText('Customer Created')).not.toBeInTheDocument()
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument()
  })

  it('shows a create failure as an error toast and keeps the form open', async () => {
    server.use(
      http.post('*/api/customers/', () =>
        HttpResponse.json({ error: 'A customer with this email already exists.' }, { status: 409 }),
      ),
    )
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' })
    await user.type(within(dialog).getByLabelText('Name'), 'Dan Brown')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(
      await screen.findByText('A customer with this email already exists.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Add Customer' })).toBeInTheDocument()
    expect(screen.queryByText('Customer Created')).not.toBeInTheDocument()
  })

  it('edits a customer: the dialog opens with it, Save closes it and the row changes', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Edit Ann Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ann Lee')
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ann@example.com')
    expect(within(dialog).getByLabelText('City')).toHaveValue('Austin')
    expect(within(dialog).getByLabelText('Country')).toHaveValue('USA')
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('555-0101')
    await user.clear(within(dialog).getByLabelText('City'))
    await user.type(within(dialog).getByLabelText('City'), 'Dallas')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Customer' })).not.toBeInTheDocument(),
    )
    const row = within(await table()).getByRole('row', { name: /Ann Lee/ })
    expect(within(row).getByText('Dallas, USA')).toBeInTheDocument()
  })

  it('Cancel closes the edit dialog and nothing changes', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Edit Bob Stone' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Bob Stone')
    await user.type(within(dialog).getByLabelText('Name'), ' Jr')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog', { name: 'Edit Customer' })).not.toBeInTheDocument()
    expect(screen.getByText('Bob Stone')).toBeInTheDocument()
  })

  it('logs an edit failure to the console only; the dialog stays open', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.put('*/api/customers/:id', () =>
        HttpResponse.json({ error: 'Could not save.' }, { status: 500 }),
      ),
    )
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Edit Ann Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Failed to update customer:', 'Could not save.'),
    )
    expect(screen.getByRole('dialog', { name: 'Edit Customer' })).toBeInTheDocument()
    expect(screen.queryByText(/Could not save/)).not.toBeInTheDocument()
    log.mockRestore()
  })

  it('deletes a customer after the confirmation; the row goes away', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Delete Ann Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    expect(
      within(dialog).getByText(
        'This will delete this Customer. You can undo it right after, or restore it later from History.',
      ),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument()
  })

  it('Cancel in the delete dialog keeps the customer', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Delete Ann Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('Ann Lee')).toBeInTheDocument()
  })

  it("shows 'Error: {message}' when a delete fails", async () => {
    server.use(
      http.delete('*/api/customers/:id', () =>
        HttpResponse.json({ error: 'This customer cannot be deleted.' }, { status: 409 }),
      ),
    )
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Delete Ann Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Error: This customer cannot be deleted.')).toBeInTheDocument()
    expect(screen.getByText('Ann Lee')).toBeInTheDocument()
  })

  it("a deleted customer's orders show 'Unknown Customer'", async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Delete Ann Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument())
    await user.click(screen.getByRole('link', { name: 'Orders' }))
    const orders = await screen.findByRole('table', { name: 'A list of your recent orders.' })
    const row = within(orders).getByRole('row', { name: /ORD-12/ })
    expect(within(row).getByText('Unknown Customer')).toBeInTheDocument()
  })
})
