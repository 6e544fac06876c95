import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { mockDb, resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

const customers = () => screen.findByRole('table', { name: 'A list of your recent customers.' })
const orders = () => screen.findByRole('table', { name: 'A list of your recent orders.' })

describe('list filters', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('filters customers by owner and city, kept in the URL and shown as chips', async () => {
    mockDb.customers[0] = { ...mockDb.customers[0]!, owner: { id: 1, username: 'johndoe' } }
    const { user, router } = renderApp('/dashboard/customers')
    await within(await customers()).findByText('Bob Stone')
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    await user.selectOptions(await screen.findByLabelText('Owner'), 'Me')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ owner: 'me' }))
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument()
    expect(within(await customers()).getByText('Ann Lee')).toBeInTheDocument()
    expect(screen.getByText('Owner: Me')).toBeInTheDocument()

    await user.type(screen.getByLabelText('City'), 'berlin')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ city: 'berlin' }))
    expect(await within(await customers()).findByText('No customers match.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Remove filter Owner' }))
    expect(await within(await customers()).findByText('Bob Stone')).toBeInTheDocument()
    expect(router.state.location.search).not.toHaveProperty('owner')
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('Showing 1–3 of 3')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument()
  })

  it('filters orders by several statuses and an amount; no segment is then selected', async () => {
    const { user } = renderApp('/dashboard/orders?status=Pending,Delivered&amount_min=100')
    expect(await within(await orders()).findByText('ORD-12')).toBeInTheDocument()
    expect(within(await orders()).queryByText('ORD-13')).not.toBeInTheDocument()
    expect(screen.getByText('Status: Pending, Delivered')).toBeInTheDocument()
    expect(screen.getByText('Amount from: $100.00')).toBeInTheDocument()
    const segments = screen.getByRole('radiogroup', { name: 'Status' })
    expect(within(segments).queryByRole('radio', { checked: true })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove filter Amount from' }))
    expect(await within(await orders()).findByText('ORD-13')).toBeInTheDocument()
    expect(within(await orders()).queryByText('ORD-14')).not.toBeInTheDocument()
  })
})
