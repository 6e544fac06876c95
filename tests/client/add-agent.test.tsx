import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { findToast } from './helpers/toast'
import { mockDb, resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const table = () =>
  screen.findByRole('table', { name: 'The agents of this CRM, with their roles.' })

async function openAddAgent() {
  signIn({ role: 'Admin' })
  const app = renderApp('/dashboard/team')
  await within(await table()).findByText('olivia')
  await app.user.click(screen.getByRole('button', { name: 'Add agent' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add agent' })
  return { ...app, dialog }
}

// Required fields' labels end in Mantine's asterisk ('Username *').
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}`))

async function fill(
  { user, dialog }: Awaited<ReturnType<typeof openAddAgent>>,
  values: { username: string; email: string; password: string; role?: string },
) {
  await user.type(field(dialog, 'Username'), values.username)
  await user.type(field(dialog, 'Email'), values.email)
  if (values.role) await user.selectOptions(field(dialog, 'Role'), values.role)
  await user.type(field(dialog, 'Password'), values.password)
  await user.click(within(dialog).getByRole('button', { name: 'Add agent' }))
}

/** The field, once it is marked invalid (its message is its accessible description). */
async function invalid(dialog: HTMLElement, label: string) {
  const input = field(dialog, label)
  await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'))
  return input
}

describe('team screen: \'Add agent\' (BEYOND.md "Team screen")', () => {
  beforeEach(() => resetMockData())

  it('adds an agent: the dialog closes, a toast says so, the team lists them', async () => {
    const app = await openAddAgent()
    const { dialog } = app
    expect(field(dialog, 'Username')).toHaveValue('')
    expect(field(dialog, 'Email')).toHaveValue('')
    expect(field(dialog, 'Role')).toHaveValue('Agent')
    expect(field(dialog, 'Password')).toHaveValue('')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()

    await fill(app, {
      username: 'new.colleague',
      email: 'new@example.com',
      password: 'a-long-fresh-secret',
      role: 'Tester',
    })
    expect(await findToast('Agent new.colleague added')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add agent' })).not.toBeInTheDocument(),
    )
    const row = await within(await table()).findByRole('row', { name: /^new\.colleague / })
    expect(within(row).getByRole('combobox', { name: 'Role of new.colleague' })).toHaveValue(
      'Tester',
    )
    expect(within(row).getByText('Active')).toBeInTheDocument()
    expect(within(row).getByText('Never')).toBeInTheDocument()
    expect(mockDb.history[0]?.summary).toBe('Agent new.colleague added as Tester')
  })

  it('checks the fields with the shared schema before sending', async () => {
    const app = await openAddAgent()
    await app.user.click(within(app.dialog).getByRole('button', { name: 'Add agent' }))
    for (const label of ['Username', 'Email', 'Password'])
      expect(await invalid(app.dialog, label)).toHaveAccessibleDescription(/\S/)
    expect(mockDb.team.map((a) => a.username)).toEqual(['olivia', 'tess', 'old.hand'])
  })

  it("shows the server's 409 under Username and stays open", async () => {
    const app = await openAddAgent()
    await fill(app, { username: 'olivia', email: 'o2@example.com', password: 'another-secret-1' })
    expect(await invalid(app.dialog, 'Username')).toHaveAccessibleDescription(
      'This username is already taken.',
    )
    expect(screen.getByRole('dialog', { name: 'Add agent' })).toBeInTheDocument()
    // Typing again still works, and a free name then goes through.
    await app.user.clear(field(app.dialog, 'Username'))
    await app.user.type(field(app.dialog, 'Username'), 'olivia2')
    await app.user.click(within(app.dialog).getByRole('button', { name: 'Add agent' }))
    expect(await findToast('Agent olivia2 added')).toBeInTheDocument()
  })

  it("shows the server's 400 fields under their fields", async () => {
    server.use(
      http.post('*/api/agents/', () =>
        HttpResponse.json(
          {
            error: 'The request body is not valid.',
            fields: { password: 'Choose a password that is harder to guess.' },
          },
          { status: 400 },
        ),
      ),
    )
    const app = await openAddAgent()
    await fill(app, { username: 'newbie', email: 'n@example.com', password: 'a-long-fresh-secret' })
    expect(await invalid(app.dialog, 'Password')).toHaveAccessibleDescription(
      'Choose a password that is harder to guess.',
    )
    expect(within(app.dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows a failure about no field in the dialog', async () => {
    server.use(
      http.post('*/api/agents/', () =>
        HttpResponse.json({ error: 'Only an Admin may manage the team.' }, { status: 403 }),
      ),
    )
    const app = await openAddAgent()
    await fill(app, { username: 'newbie', email: 'n@example.com', password: 'a-long-fresh-secret' })
    expect(await within(app.dialog).findByRole('alert')).toHaveTextContent(
      'Only an Admin may manage the team.',
    )
    expect(field(app.dialog, 'Username')).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('Cancel closes it; opening it again starts empty', async () => {
    const app = await openAddAgent()
    await app.user.type(field(app.dialog, 'Username'), 'half.typed')
    await app.user.click(within(app.dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add agent' })).not.toBeInTheDocument(),
    )
    await app.user.click(screen.getByRole('button', { name: 'Add agent' }))
    const again = await screen.findByRole('dialog', { name: 'Add agent' })
    expect(field(again, 'Username')).toHaveValue('')
  })
})
