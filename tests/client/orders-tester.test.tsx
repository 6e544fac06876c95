import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

// Spec 6: a Tester sees the refusals and never a Create, Save or Delete button.
describe('orders screen as a Tester', () => {
  beforeEach(() => {
    resetMockData()
    signIn({ role: 'Tester' })
  })

  async function openScreen() {
    const app = renderApp('/dashboard/orders')
    const table = await screen.findByRole('table', { name: 'A list of your recent orders.' })
    await within(table).findByText('ORD-12')
    return app
  }

  it('the create form only says the Tester may not create', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Add Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' })
    expect(
      within(dialog).getByText('You do not have permission to create an order.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument()
  })

  it('the edit dialog only says the Tester may not edit', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Edit ORD-12' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Order' })
    expect(
      within(dialog).getByText('You do not have permission to edit an order.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
  })

  it("the delete dialog shows 'Warning!' and the refusal, without a Delete button", async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Delete ORD-12' }))
    const dialog = await screen.findByRole('dialog', { name: 'Warning!' })
    expect(
      within(dialog).getByText('You do not have permission to delete an order.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
  })
})
