import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { findToast } from './helpers/toast'
import { renderApp } from './helpers/render-app'
import { addManyCustomers, mockDb, resetMockData } from './msw/data'
import { resetViews, viewStore } from './msw/handlers/lists'
import { signIn } from './msw/tokens'

const customers = () => screen.findByRole('table', { name: 'A list of your recent customers.' })

describe('saved views', () => {
  beforeEach(() => {
    resetMockData()
    resetViews()
    signIn()
  })

  it('saves the URL as a shared view, opens it from its tab, then deletes it', async () => {
    const { user, router } = renderApp('/dashboard/customers?city=Austin&sort=name')
    await within(await customers()).findByText('Ann Lee')
    await user.click(screen.getByRole('button', { name: 'Save view' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save view' })
    await user.type(within(dialog).getByLabelText('Name'), 'Austin')
    await user.click(within(dialog).getByLabelText('Share with the team'))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    const tab = await screen.findByRole('tab', { name: 'Austin' })
    expect(tab).toHaveAttribute('aria-selected', 'true')
    expect(within(tab).getByText('Shared')).toBeInTheDocument()
    expect(viewStore.views[0]).toMatchObject({ query: 'city=Austin&sort=name', shared: true })

    await user.click(screen.getByRole('tab', { name: 'All' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    await user.click(screen.getByRole('tab', { name: 'Austin' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ city: 'Austin', sort: 'name' }),
    )
    await user.click(screen.getByRole('button', { name: 'View options' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    const ask = await screen.findByRole('dialog', { name: 'Delete view' })
    expect(within(ask).getByText('Delete view "Austin"?')).toBeInTheDocument()
    await user.click(within(ask).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(screen.queryByRole('tab', { name: 'Austin' })).not.toBeInTheDocument(),
    )
  })
})

describe('bulk changes', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('selects a range with Shift, deletes it after asking, and Undo brings it back', async () => {
    const { user } = renderApp('/dashboard/customers')
    await within(await customers()).findByText('Ann Lee')
    const boxes = () => screen.getAllByRole('checkbox', { name: 'Select row' })
    await user.click(boxes()[0]!)
    await user.keyboard('{Shift>}')
    await user.click(boxes()[2]!)
    await user.keyboard('{/Shift}')
    expect(screen.getByText('3 selected')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const ask = await screen.findByRole('dialog', { name: 'Delete' })
    expect(within(ask).getByText('Delete 3 customers?')).toBeInTheDocument()
    await user.click(within(ask).getByRole('button', { name: 'Delete' }))
    const toast = await findToast('3 customers deleted')
    expect(mockDb.customers).toHaveLength(0)
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    await findToast('3 customers restored')
    expect(mockDb.customers).toHaveLength(3)
    expect(await within(await customers()).findByText('Ann Lee')).toBeInTheDocument()
  })

  it("offers 'Select all {count} matching' and assigns an owner to all of them", async () => {
    addManyCustomers(30)
    const { user } = renderApp('/dashboard/customers')
    await within(await customers()).findByText('Ann Lee')
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }))
    expect(screen.getByText('25 selected')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Select all 33 matching' }))
    expect(await screen.findByText('33 selected')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Assign owner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Assign owner' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Owner' }))
    await user.click(await screen.findByRole('option', { name: 'olivia' }))
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(screen.queryByText('33 selected')).not.toBeInTheDocument())
    expect(mockDb.customers.every((c) => c.owner?.username === 'olivia')).toBe(true)
  })

  it('shows a Tester no checkboxes', async () => {
    signIn({ role: 'Tester' })
    renderApp('/dashboard/customers')
    await within(await customers()).findByText('Ann Lee')
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save view' })).not.toBeInTheDocument()
  })
})
