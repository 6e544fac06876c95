import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { integrationStore } from './msw/handlers/integrations'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

let store: ReturnType<typeof integrationStore>['store']

beforeEach(() => {
  resetMockData()
  const fresh = integrationStore()
  store = fresh.store
  server.use(...fresh.handlers)
})

async function openAdmin() {
  signIn({ role: 'Admin' })
  const app = renderApp('/dashboard/admin')
  // The whole shell renders first: slow on a busy machine.
  await screen.findByRole('heading', { name: 'API keys' }, { timeout: 10_000 })
  return app
}

describe('admin screen', () => {
  it(
    'creates an API key, shows it once with Copy, and revokes it after asking',
    { timeout: 60_000 },
    async () => {
      const { user } = await openAdmin()
      await user.click(screen.getByRole('button', { name: 'Create API key' }))
      const dialog = await screen.findByRole('dialog', { name: 'Create API key' })
      await user.click(within(dialog).getByRole('button', { name: 'Create API key' }))
      expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument()
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Billing sync')
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Tester')
      await user.click(within(dialog).getByRole('button', { name: 'Create API key' }))
      expect(await within(dialog).findByText('This key is shown once. Store it now.')).toBeVisible()
      expect(within(dialog).getByText(/^rk_x{8}0+\d+$/)).toBeInTheDocument()
      expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
      await user.click(within(dialog).getByRole('button', { name: 'Done' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

      const table = await screen.findByRole('table', { name: /Keys other programs sign in with/ })
      const row = await within(table).findByRole('row', { name: /Billing sync/ })
      const cells = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
      expect(cells.slice(0, 6)).toEqual([
        'Billing sync',
        'Tester',
        'rk_xxxxxxx…',
        'johndoe',
        'Never',
        'Never',
      ])
      expect(screen.queryByText(/^rk_x{8}0+\d+$/)).not.toBeInTheDocument()

      await user.click(within(row).getByRole('button', { name: 'Revoke' }))
      const confirm = await screen.findByRole('dialog', { name: 'Revoke this API key?' })
      expect(store.keys).toHaveLength(1)
      await user.click(within(confirm).getByRole('button', { name: 'Revoke' }))
      await waitFor(() => expect(within(table).queryByText('Billing sync')).not.toBeInTheDocument())
      expect(store.keys).toEqual([])
    },
  )

  it(
    'adds a webhook (secret once), sends a test event and redelivers it',
    { timeout: 60_000 },
    async () => {
      const { user } = await openAdmin()
      await user.click(screen.getByRole('button', { name: 'Add webhook' }))
      const dialog = await screen.findByRole('dialog', { name: 'Add webhook' })
      expect(within(dialog).getByRole('switch', { name: 'All events' })).toBeChecked()
      await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'ftp://nope')
      await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }))
      expect(
        await within(dialog).findByText('Enter a web address starting with http:// or https://.'),
      ).toBeInTheDocument()
      const url = within(dialog).getByRole('textbox', { name: 'URL' })
      await user.clear(url)
      await user.type(url, 'https://hooks.example.com/rapport')
      await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }))
      expect(
        await within(dialog).findByText('This signing secret is shown once. Store it now.'),
      ).toBeVisible()
      expect(within(dialog).getByText(/^whsec_s+$/)).toBeInTheDocument()
      await user.click(within(dialog).getByRole('button', { name: 'Done' }))

      const table = await screen.findByRole('table', { name: /Where this CRM sends its events/ })
      const row = await within(table).findByRole('row', { name: /hooks\.example\.com/ })
      expect(within(row).getByText('All events')).toBeInTheDocument()
      expect(within(row).getByText('Active')).toBeInTheDocument()
      expect(store.webhooks[0]?.events).toEqual(['*'])

      await user.click(within(row).getByRole('button', { name: 'Deliveries' }))
      const drawer = await screen.findByRole('dialog', { name: 'Deliveries' })
      await user.click(within(drawer).getByRole('button', { name: 'Send test event' }))
      const deliveries = await within(drawer).findByRole('table')
      const ping = await within(deliveries).findByRole('row', { name: /ping/ })
      expect(within(ping).getByText('Delivered')).toBeInTheDocument()
      expect(within(ping).getByText('200')).toBeInTheDocument()
      await user.click(within(ping).getByRole('button', { name: 'Redeliver' }))
      await waitFor(() =>
        expect(within(deliveries).getAllByRole('row', { name: /ping/ })).toHaveLength(2),
      )
      const [again, first] = store.deliveries.get(store.webhooks[0]?.id ?? 0) ?? []
      expect(again?.event_id).toBe(first?.event_id)
    },
  )

  it('offers the backup download', async () => {
    await openAdmin()
    expect(screen.getByRole('heading', { name: 'Backup' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download backup' })).toBeEnabled()
  })

  it('tells anyone but an Admin they have no access, and asks for nothing', async () => {
    signIn({ role: 'Agent' })
    renderApp('/dashboard/admin')
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument()
  })
})
