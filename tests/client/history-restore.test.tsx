import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { findToast } from './helpers/toast'
import { deleteCustomer, mockDb, resetMockData, restoreCustomer } from './msw/data'
import { signIn } from './msw/tokens'

const table = () =>
  screen.findByRole('table', {
    name: 'Every change to customers, orders and the team, newest first.',
  })

/** The rows whose text matches `summary`, newest first. */
const rowsOf = async (summary: string) =>
  within(await table()).getAllByRole('row', { name: new RegExp(summary) })

describe("history screen: one 'Restore' per record", () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('offers it on the newest delete of a record deleted twice, and on no other', async () => {
    deleteCustomer(2)
    restoreCustomer(2)
    deleteCustomer(2)
    const { user } = renderApp('/dashboard/history')
    await within(await table()).findAllByText('Customer Bob Stone deleted')
    const [newest, older] = await rowsOf('Customer Bob Stone deleted')
    if (!newest || !older) throw new Error('expected two delete entries of Bob Stone')
    expect(await within(newest).findByRole('button', { name: 'Restore' })).toBeInTheDocument()
    // Dan Old's one delete still has its button: every row's check has answered.
    const [dan] = await rowsOf('Customer Dan Old deleted')
    expect(await within(dan!).findByRole('button', { name: 'Restore' })).toBeInTheDocument()
    expect(within(older).queryByRole('button')).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Restore' })).toHaveLength(3)

    await user.click(within(newest).getByRole('button', { name: 'Restore' }))
    expect(await findToast('Customer restored')).toBeInTheDocument()
    await waitFor(async () => {
      for (const row of await rowsOf('Customer Bob Stone deleted'))
        expect(within(row).queryByRole('button')).toBeNull()
    })
    expect(mockDb.customers.some((c) => c.name === 'Bob Stone')).toBe(true)
  })
})
