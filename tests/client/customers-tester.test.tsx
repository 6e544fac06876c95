import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

// Spec 6: a Tester sees the refusals and never a Create, Save or Delete button.
describe('customers screen as a Tester', () => {
  beforeEach(() => {
    resetMockData()
    signIn({ role: 'Tester' })
  })

  async function openScreen() {
    const app = renderApp('/dashboard/customers')
    const table = await screen.findByRole('table', { name: 'A list of your recent customers.' })
    await within(table).findByText('Ann Lee')
    return app
  }

  it('the create form only says the Tester may not create', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' })
    expect(
      within(dialog).getByText('You do not have permission to create a customer.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Name')).not.toBeInTheDocument()
  })

  it('the edit dialog only says the Tester may not edit', async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Edit Ann Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })
    expect(
      within(dialog).getByText('You do not have permission to edit a customer.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
  })

  it("the delete dialog shows 'Warning!' and the refusal, without a Delete button", async () => {
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Delete Ann Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Warning!' })
    expect(
      within(dialog).getByText('You do not have permission to delete the customer.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('Ann Lee')).toBeInTheDocument()
  })
})
