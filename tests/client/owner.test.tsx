import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { mockDb, resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

describe("a customer's owner", () => {
  beforeEach(() => {
    resetMockData()
  })

  it('changes from the customer page', async () => {
    signIn()
    let sent: unknown
    server.use(
      http.put('*/api/customers/1', async ({ request }) => {
        sent = await request.json()
        const updated = { ...mockDb.customers[0]!, owner: { id: 2, username: 'olivia' } }
        mockDb.customers[0] = { ...updated, version: 2 }
        return HttpResponse.json(mockDb.customers[0])
      }),
    )
    const { user } = renderApp('/dashboard/customers/1')
    const owner = await screen.findByRole('combobox', { name: 'Owner' })
    expect(owner).toHaveValue('Nobody')
    await user.click(owner)
    await user.click(await screen.findByRole('option', { name: 'olivia' }))
    await waitFor(() => expect(sent).toMatchObject({ owner: { id: 2 }, version: 1 }))
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveValue('olivia'),
    )
  })

  it('is me by default in the create dialog', async () => {
    signIn()
    const { user } = renderApp('/dashboard/customers')
    await user.click(await screen.findByRole('button', { name: 'Add' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' })
    expect(within(dialog).getByRole('combobox', { name: 'Owner' })).toHaveValue('johndoe')
  })

  it('is only text for a Tester', async () => {
    signIn({ role: 'Tester' })
    renderApp('/dashboard/customers/1')
    expect(await screen.findByText('Nobody')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Owner' })).not.toBeInTheDocument()
  })
})
