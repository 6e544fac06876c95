import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { followUps, makeTask } from './msw/handlers/follow-up-data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const encoder = new TextEncoder()

/** The bell's unseen count (Mantine's indicator; absent at 0). */
const badgeOf = (bell: HTMLElement) =>
  bell.closest('.mantine-Indicator-root')?.querySelector('.mantine-Indicator-indicator') ?? null

/** The live stream, kept by the test so it can raise a reminder as the server would. */
function streamOwnedByTest() {
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined
  server.use(
    http.get('*/api/events/', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = controller
          controller.enqueue(encoder.encode(': ping\n\n'))
        },
      })
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } })
    }),
  )
  return {
    raise: (data: unknown) =>
      stream?.enqueue(encoder.encode(`event: reminder\ndata: ${JSON.stringify(data)}\n\n`)),
    opened: () => stream !== undefined,
  }
}

describe('reminders', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('shows a raised reminder until acted on, and snoozes it', async () => {
    const live = streamOwnedByTest()
    const task = makeTask({ title: 'Call Ann', remind_at: new Date().toISOString() })
    followUps().tasks.push(task)
    const { user } = renderApp('/dashboard/tasks')
    expect(await screen.findByRole('heading', { name: 'Tasks' }, { timeout: 10_000 })).toBeVisible()
    await waitFor(() => expect(live.opened()).toBe(true))
    followUps().reminders.push({ id: 7, task, raised_at: new Date().toISOString(), seen_at: null })
    live.raise({ id: 7, task })
    const toast = (await screen.findByText('Reminder: Call Ann')).closest(
      '.mantine-Notification-root',
    ) as HTMLElement
    expect(within(toast).getByRole('button', { name: 'Open' })).toBeVisible()
    expect(within(toast).getByRole('button', { name: 'Done' })).toBeVisible()
    const bell = screen.getByRole('button', { name: 'Reminders' })
    await waitFor(() => expect(badgeOf(bell)).toHaveTextContent('1'))
    await user.click(within(toast).getByRole('button', { name: 'Snooze 10 min' }))
    await waitFor(() => expect(screen.queryByText('Reminder: Call Ann')).not.toBeInTheDocument())
    expect(Date.parse(followUps().tasks[0]?.remind_at ?? '')).toBeGreaterThan(Date.now() + 500_000)
  })

  it('lists reminders in the bell’s panel and marks them seen on opening', async () => {
    const task = makeTask({ title: 'Send the quote' })
    followUps().tasks.push(task)
    followUps().reminders.push({ id: 3, task, raised_at: new Date().toISOString(), seen_at: null })
    const { user } = renderApp('/dashboard/tasks')
    const bell = await screen.findByRole('button', { name: 'Reminders' }, { timeout: 10_000 })
    await waitFor(() => expect(badgeOf(bell)).toHaveTextContent('1'))
    await user.click(bell)
    const panel = await screen.findByRole('dialog', { name: 'Reminders' })
    expect(within(panel).getByText('Send the quote')).toBeVisible()
    expect(within(panel).getByRole('button', { name: 'Snooze 10 min' })).toBeVisible()
    await waitFor(() => expect(followUps().reminders[0]?.seen_at).not.toBeNull())
    await waitFor(() => expect(badgeOf(bell)).toBeNull())
  })
})
