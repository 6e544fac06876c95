import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

type User = ReturnType<typeof renderApp>['user']

async function pickerOptions(user: User): Promise<string[]> {
  await user.click(await screen.findByRole('button', { name: 'Add Order' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add Order' })
  await user.click(within(dialog).getByRole('combobox', { name: 'Customer' }))
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent ?? '')
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  return options
}

describe("order form's customer picker", () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('shows a renamed customer by the new name straight away', async () => {
    const { user } = renderApp('/dashboard/orders')
    expect(await pickerOptions(user)).toContain('#2 Bob Stone')

    await user.click(screen.getByRole('link', { name: 'Customers' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Bob Stone' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' })
    const name = within(dialog).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Bobby Stone')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('link', { name: 'Orders' }))
    const options = await pickerOptions(user)
    expect(options).toContain('#2 Bobby Stone')
    expect(options).not.toContain('#2 Bob Stone')
  })
})
