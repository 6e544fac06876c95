import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

/** The lines of a record page's history section, once they have loaded. */
async function historyLines(section: string): Promise<HTMLElement[]> {
  const region = await screen.findByRole('region', { name: section })
  return within(region).findAllByRole('listitem')
}

describe("the record pages' history", () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it("shows a customer's changes newest first: what, who and when", async () => {
    renderApp('/dashboard/customers/2')
    await screen.findByRole('heading', { name: 'Bob Stone', level: 1 })
    const lines = await historyLines('History')
    expect(lines.map((li) => li.textContent)).toEqual([
      'Bob Stone · updated city Bonn → Berlin · olivia · 3 minutes ago',
      'Bob Stone · created · johndoe · 4 days ago',
    ])
    const time = within(lines[0]!).getByText('3 minutes ago')
    expect(time.tagName).toBe('TIME')
    expect(time).toHaveAttribute('title', new Date(time.getAttribute('datetime')!).toLocaleString())
  })

  it('adds the delete and the restore of a customer to its history', async () => {
    const { user } = renderApp('/dashboard/customers/2')
    await screen.findByRole('heading', { name: 'Bob Stone', level: 1 })
    await historyLines('History')
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const undo = await screen.findByRole('button', { name: 'Undo' })
    await user.click(undo)
    await screen.findByText('Customer restored')
    await user.click(await screen.findByRole('link', { name: 'Bob Stone' }))
    await waitFor(async () =>
      expect((await historyLines('History')).map((li) => li.textContent?.split(' · ')[1])).toEqual([
        'restored',
        'deleted',
        'updated city Bonn → Berlin',
        'created',
      ]),
    )
  })

  it('shows every status an order has had, who set it and when; other changes are left out', async () => {
    renderApp('/dashboard/orders/13')
    await screen.findByRole('heading', { name: 'ORD-13', level: 1 })
    const lines = await historyLines('Status history')
    expect(lines.map((li) => li.textContent)).toEqual([
      'Pending → Delivered · olivia · 1 hour ago',
      'Pending · johndoe · 3 days ago',
    ])
  })

  it("shows a failure as 'Error: {message}' in the section", async () => {
    server.use(
      http.get('*/api/history/', () => HttpResponse.json({ error: 'Boom.' }, { status: 500 })),
    )
    renderApp('/dashboard/orders/13')
    const region = await screen.findByRole('region', { name: 'Status history' })
    expect(await within(region).findByText('Error: Boom.')).toBeInTheDocument()
  })
})
