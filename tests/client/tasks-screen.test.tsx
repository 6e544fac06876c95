import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { PHONE_QUERY } from '../../src/client/components/use-phone'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { followUps, makeTask } from './msw/handlers/follow-up-data'
import { signIn } from './msw/tokens'

const hoursOn = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()

/** A window below 600 px: the phone query matches (setup.ts's stub matches nothing). */
function onPhone() {
  const stub = window.matchMedia.bind(window)
  window.matchMedia = (query: string) => ({ ...stub(query), matches: query === PHONE_QUERY })
  onTestFinished(() => {
    window.matchMedia = stub
  })
}

async function openTasks() {
  const app = renderApp('/dashboard/tasks')
  await screen.findByRole('heading', { name: 'Tasks', level: 1 }, { timeout: 10_000 })
  await screen.findByRole('button', { name: 'Chase the invoice' })
  return app
}

describe('the Tasks screen', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
    const { tasks } = followUps()
    tasks.push(makeTask({ title: 'Chase the invoice', due_at: hoursOn(-30), customer: 1 }))
    tasks.push(makeTask({ title: 'Plan the visit', due_at: hoursOn(60) }))
    tasks.push(makeTask({ title: 'Filed away', done: true, done_at: hoursOn(-1) }))
  })

  it('shows each segment with its count and keeps the chosen one in the URL', async () => {
    const { user, router } = await openTasks()
    const segments = screen.getByRole('radiogroup', { name: 'Tasks to show' })
    await waitFor(() => expect(within(segments).getByText('Open 2')).toBeInTheDocument())
    await user.click(within(segments).getByText('Overdue 1'))
    await waitFor(() => expect(router.state.location.search).toEqual({ due: 'overdue' }))
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Plan the visit' })).not.toBeInTheDocument(),
    )
    expect(screen.getByRole('button', { name: 'Chase the invoice' })).toBeInTheDocument()
  })

  it("lists a page of tasks and adds the next with 'Load more'", async () => {
    const { tasks } = followUps()
    for (let i = 1; i <= 60; i++) {
      tasks.push(makeTask({ title: `Call back ${i}`, due_at: hoursOn(100 + i) }))
    }
    const { user } = await openTasks()
    await screen.findByRole('button', { name: 'Call back 48' })
    expect(screen.queryByRole('button', { name: 'Call back 49' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('button', { name: 'Call back 60' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('on a phone, offers the six segments in a select that fits the width', async () => {
    onPhone()
    const { user, router } = await openTasks()
    expect(screen.queryByRole('radiogroup', { name: 'Tasks to show' })).not.toBeInTheDocument()
    const select = screen.getByRole('combobox', { name: 'Tasks to show' })
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Open 2', 'Overdue 1', 'Today 0', 'Upcoming 1', 'No date 0', 'Done 1']),
    )
    await user.selectOptions(select, 'done')
    await waitFor(() => expect(router.state.location.search).toEqual({ due: 'done' }))
    expect(await screen.findByRole('button', { name: 'Filed away' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Chase the invoice' })).not.toBeInTheDocument()
  })

  it("links a task to its customer, except on that customer's own page", async () => {
    await openTasks()
    const row = screen.getByRole('button', { name: 'Chase the invoice' }).closest('li')
    expect(within(row ?? document.body).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute(
      'href',
      '/dashboard/customers/1',
    )
    const page = renderApp('/dashboard/customers/1')
    const tasks = await within(page.container).findByRole(
      'region',
      { name: 'Tasks' },
      { timeout: 10_000 },
    )
    const onPage = (
      await within(tasks).findByRole('button', { name: 'Chase the invoice' })
    ).closest('li')
    expect(within(onPage ?? document.body).queryByRole('link')).not.toBeInTheDocument()
  })
})
