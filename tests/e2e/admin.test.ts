import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { verifyBackup } from '../../src/server/backup/read'
import { startReceiver, type Receiver } from '../server/helpers/webhook-receiver'
import { DESKTOP, PHONE, openPage, screenshot } from './helpers/browser'
import {
  dialog,
  eventually,
  expectNoErrors,
  gone,
  setDarkMode,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

// The receiver listens on 127.0.0.1: this server may reach private addresses.
process.env.CRM_WEBHOOK_ALLOW_PRIVATE = '1'
const ADMIN = { username: 'keys.admin', password: 'hands-out-the-keys' }
const product = useProduct({
  cli: [
    ['create-user', '--username', ADMIN.username, '--password', ADMIN.password, '--role', 'Admin'],
  ],
})
let receiver: Receiver
const files = mkdtempSync(path.join(tmpdir(), 'crm-e2e-admin-'))
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver.close()
  rmSync(files, { recursive: true, force: true })
})

const section = (page: Page, name: string) => page.getByRole('region', { name })

async function openAdmin(viewport = DESKTOP) {
  const { browser, baseURL } = product()
  const opened = await openPage(browser, baseURL, { viewport })
  await signIn(opened.page, ADMIN.username, ADMIN.password)
  await opened.page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Admin' })
    .click()
  await visible(opened.page.getByRole('heading', { name: 'API keys' }))
  return opened
}

const customersWith = async (key: string) =>
  (
    await fetch(`${product().baseURL}/api/customers/`, {
      headers: { authorization: `Bearer ${key}` },
    })
  ).status

describe('the admin screen', () => {
  it('an Admin creates a key (shown once) and revokes it; adds a webhook, tests and redelivers', async () => {
    const { page, errors } = await openAdmin()
    const keys = section(page, 'API keys')
    await keys.getByRole('button', { name: 'Create API key' }).click()
    const create = dialog(page, 'Create API key')
    await create.getByLabel('Name').fill('Billing sync')
    await create.getByRole('button', { name: 'Create API key' }).click()
    await visible(create.getByText('This key is shown once. Store it now.'))
    const key = (await create.getByLabel('API key Billing sync').textContent()) ?? ''
    expect(key).toMatch(/^rk_/)
    expect(await customersWith(key)).toBe(200)
    await create.getByRole('button', { name: 'Done' }).click()
    await gone(create)
    const row = keys.getByRole('row', { name: /Billing sync/ })
    await visible(row)
    expect(await page.getByText(key).count()).toBe(0)
    await row.getByRole('button', { name: 'Revoke' }).click()
    await dialog(page, 'Revoke this API key?').getByRole('button', { name: 'Revoke' }).click()
    await gone(row)
    expect(await customersWith(key)).toBe(401)

    const hooks = section(page, 'Webhooks')
    await hooks.getByRole('button', { name: 'Add webhook' }).click()
    const add = dialog(page, 'Add webhook')
    await add.getByLabel('URL').fill(receiver.url)
    await add.getByRole('button', { name: 'Add webhook' }).click()
    await visible(add.getByText('This signing secret is shown once. Store it now.'))
    await add.getByRole('button', { name: 'Done' }).click()
    await gone(add)
    await hooks
      .getByRole('row', { name: /127\.0\.0\.1/ })
      .getByRole('button', { name: 'Deliveries' })
      .click()
    const drawer = dialog(page, 'Deliveries')
    await drawer.getByRole('button', { name: 'Send test event' }).click()
    await visible(drawer.getByText('Delivered'))
    await drawer.getByRole('button', { name: 'Redeliver' }).click()
    await eventually(async () => expect(await drawer.getByText('Delivered').count()).toBe(2))
    expect(receiver.received.map((r) => r.json.type)).toEqual(['ping', 'ping'])
    expect(receiver.received[1]?.json.id).toBe(receiver.received[0]?.json.id)
    await screenshot(page, 'issue27/admin-deliveries-desktop-light')
    expectNoErrors(errors)
  }, 120_000)

  it('an Admin downloads a backup: a whole, checked file holding the agents', async () => {
    const { page, errors, context } = await openAdmin()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download backup' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^rapport-\d{4}-\d{2}-\d{2}\.backup$/)
    const saved = path.join(files, download.suggestedFilename())
    await download.saveAs(saved)
    // The restore's own check: gzip whole, every line in place, counts and SHA-256 as said.
    const { header, trailer } = await verifyBackup(saved)
    expect(header.database).toBe(process.env.CRM_TEST_DB === 'postgres' ? 'postgres' : 'pglite')
    expect(trailer.tables.agents).toBeGreaterThanOrEqual(1)
    await visible(page.getByRole('button', { name: 'Download backup' }))
    expectNoErrors(errors)
    await context.close()
  }, 120_000)

  it('looks right on a desktop and a phone, light and dark', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, context } = await openAdmin(viewport)
      await visible(page.getByRole('button', { name: 'Download backup' }))
      for (const dark of [false, true]) {
        await setDarkMode(page, dark)
        await screenshot(page, `issue27/admin-${name}-${dark ? 'dark' : 'light'}`)
      }
      await context.close()
    }
  }, 120_000)
})
