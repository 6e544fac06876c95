import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

async function openAnn() {
  const app = renderApp('/dashboard/customers/1')
  expect(
    await screen.findByRole('heading', { name: 'Ann Lee', level: 1 }, { timeout: 10_000 }),
  ).toBeInTheDocument()
  return app
}

const notesSection = () => screen.getByRole('region', { name: 'Notes' })
const tasksSection = () => screen.getByRole('region', { name: 'Tasks' })

describe('notes and tasks on the customer page', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('adds a call note: its lines kept, its address a safe link, its markup plain text', async () => {
    const { user } = await openAnn()
    const notes = notesSection()
    await user.click(within(notes).getByRole('radio', { name: 'Call' }))
    await user.type(
      within(notes).getByRole('textbox', { name: 'Write a note' }),
      'Called about https://example.com/quote{Enter}<b>not bold</b>',
    )
    await user.click(within(notes).getByRole('button', { name: 'Add note' }))
    const link = await within(notes).findByRole('link', { name: 'https://example.com/quote' })
    expect(link).toHaveAttribute('href', 'https://example.com/quote')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    const article = within(notes).getByRole('article')
    expect(within(article).getByText('Call')).toBeInTheDocument()
    expect(article.querySelector('b')).toBeNull()
    expect(article).toHaveTextContent('<b>not bold</b>')
    expect(within(notes).getByRole('textbox', { name: 'Write a note' })).toHaveValue('')
  })

  it('adds a task from the Tasks section, ticks it done and takes that back', async () => {
    const { user } = await openAnn()
    await user.click(within(tasksSection()).getByRole('button', { name: 'Add task' }))
    const dialog = await screen.findByRole('dialog', { name: 'New task' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Call Ann back')
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }))
    const box = await within(tasksSection()).findByRole('checkbox', {
      name: 'Mark "Call Ann back" done',
    })
    await user.click(box)
    const toast = await screen.findByText('Task done')
    await waitFor(() =>
      expect(within(tasksSection()).queryByRole('checkbox')).not.toBeInTheDocument(),
    )
    await user.click(
      within(toast.closest('.mantine-Notification-root') ?? document.body).getByRole('button', {
        name: 'Undo',
      }),
    )
    expect(
      await within(tasksSection()).findByRole('checkbox', { name: 'Mark "Call Ann back" done' }),
    ).toBeInTheDocument()
  })

  it("opens 'New task' with the t key", async () => {
    const { user } = await openAnn()
    await user.keyboard('t')
    expect(await screen.findByRole('dialog', { name: 'New task' })).toBeInTheDocument()
  })
})

describe('notes and tasks as a Tester', () => {
  beforeEach(() => {
    resetMockData()
    signIn({ role: 'Tester' })
  })

  it('shows no composer and no Add task', async () => {
    await openAnn()
    await within(notesSection()).findByText('No notes yet.')
    expect(within(notesSection()).queryByRole('textbox')).not.toBeInTheDocument()
    expect(
      within(tasksSection()).queryByRole('button', { name: 'Add task' }),
    ).not.toBeInTheDocument()
  })
})
