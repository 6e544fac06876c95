import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { RoleName } from '../../src/shared/constants'
import { renderApp } from './helpers/render-app'
import { findToast } from './helpers/toast'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

const table = () =>
  screen.findByRole('table', { name: 'The agents of this CRM, with their roles.' })

const row = async (username: string) =>
  within(await table()).getByRole('row', { name: new RegExp(`^${username} `) })

async function openTeam(role: RoleName = 'Admin') {
  signIn({ role })
  const app = renderApp('/dashboard/team')
  await within(await table()).findByText('olivia')
  return app
}

describe('team screen', () => {
  beforeEach(() => resetMockData())

  it('lists the agents: username, name, email, role, status and last sign-in', async () => {
    await openTeam()
    expect(screen.getByRole('heading', { name: 'Team', level: 1 })).toBeInTheDocument()
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Username',
      'Name',
      'Email',
      'Role',
      'Status',
      'Last sign-in',
      'Action',
    ])
    const olivia = await row('olivia')
    expect(
      within(olivia)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      'olivia',
      'Olivia Smith',
      'olivia@example.com',
      'AdminAgentTester',
      'Active',
      'yesterday',
      'Deactivate',
    ])
    expect(within(olivia).getByRole('combobox', { name: 'Role of olivia' })).toHaveValue('Agent')
    const gone = await row('old.hand')
    expect(within(gone).getByText('Deactivated')).toBeInTheDocument()
    expect(within(gone).getByRole('button', { name: 'Activate' })).toBeInTheDocument()
    expect(within(await row('tess')).getByText('Never')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–4 of 4')).toBeInTheDocument()
  })

  it('changes a role after the confirmation', async () => {
    const { user } = await openTeam()
    await user.selectOptions(
      within(await row('olivia')).getByRole('combobox', { name: 'Role of olivia' }),
      'Tester',
    )
    const dialog = await screen.findByRole('dialog', { name: 'Change role?' })
    expect(dialog).toHaveTextContent('olivia becomes a Tester (now Agent).')
    // Nothing changed before the confirmation.
    expect(within(await row('olivia')).getByRole('combobox')).toHaveValue('Agent')
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await findToast('olivia is now a Tester')).toBeInTheDocument()
    expect(within(await row('olivia')).getByRole('combobox')).toHaveValue('Tester')
  })

  it('Cancel leaves the role as it was', async () => {
    const { user } = await openTeam()
    await user.selectOptions(within(await row('tess')).getByRole('combobox'), 'Admin')
    const dialog = await screen.findByRole('dialog', { name: 'Change role?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(await row('tess')).getByRole('combobox')).toHaveValue('Tester')
  })

  it('deactivates and activates an agent after the confirmation', async () => {
    const { user } = await openTeam()
    await user.click(within(await row('olivia')).getByRole('button', { name: 'Deactivate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate olivia?' })
    expect(dialog).toHaveTextContent('olivia is signed out at once')
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(async () =>
      expect(within(await row('olivia')).getByText('Deactivated')).toBeInTheDocument(),
    )
    await user.click(within(await row('olivia')).getByRole('button', { name: 'Activate' }))
    const again = await screen.findByRole('dialog', { name: 'Activate olivia?' })
    await user.click(within(again).getByRole('button', { name: 'Activate' }))
    await waitFor(async () =>
      expect(within(await row('olivia')).getByText('Active')).toBeInTheDocument(),
    )
  })

  it("shows the server's refusal in the dialog: the last Admin stays an Admin", async () => {
    const { user } = await openTeam()
    await user.selectOptions(within(await row('johndoe')).getByRole('combobox'), 'Agent')
    const dialog = await screen.findByRole('dialog', { name: 'Change role?' })
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }))
    expect(
      await within(dialog).findByText(
        'Error: The last active Admin cannot be demoted or deactivated.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Change role?' })).toBeInTheDocument()
    expect(within(await row('johndoe')).getByRole('combobox')).toHaveValue('Admin')
    // A new try starts without the old error.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await user.click(within(await row('johndoe')).getByRole('button', { name: 'Deactivate' }))
    const deactivate = await screen.findByRole('dialog', { name: 'Deactivate johndoe?' })
    expect(within(deactivate).queryByText(/^Error:/)).not.toBeInTheDocument()
    await user.click(within(deactivate).getByRole('button', { name: 'Deactivate' }))
    expect(
      await within(deactivate).findByText('Error: An Admin cannot deactivate themself.'),
    ).toBeInTheDocument()
  })

  it("tells anyone but an Admin 'You do not have access to this page'", async () => {
    for (const role of ['Agent', 'Tester'] as const) {
      signIn({ role })
      const { unmount } = renderApp('/dashboard/team')
      expect(
        await screen.findByRole('heading', { name: 'You do not have access to this page' }),
      ).toBeInTheDocument()
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
      unmount()
    }
  })
})
