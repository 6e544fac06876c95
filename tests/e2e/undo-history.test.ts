import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { openPage } from './helpers/browser'
import {
  atPath,
  dataRows,
  dialog,
  eventually,
  expectNoErrors,
  gone,
  listReady,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'second.chance', password: 'take-it-back-please' }

const product = useProduct({
  cli: [
    ['seed-demo', '--customers', '12', '--orders', '60'],
    ['create-user', '--username', AGENT.username, '--password', AGENT.password],
  ],
})

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true })

/** The toast (Mantine notification) that says `text`. */
const toast = (page: Page, text: string): Locator =>
  page.locator('.mantine-Notification-root').filter({ hasText: text })

/** The order ids of the customer page's orders table (every page of it fits in one here). */
async function orderIds(page: Page): Promise<string[]> {
  return (await dataRows(page).locator('td:first-child').allInnerTexts()).map((t) => t.trim())
}

async function confirmDelete(page: Page, button: Locator): Promise<void> {
  await button.click()
  const confirm = dialog(page, 'Are you absolutely sure?')
  await visible(
    confirm.getByText(/You can undo it right after, or restore it later from History\.$/),
  )
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await gone(confirm)
}

describe('undo after delete, and the history', () => {
  it('deletes a customer, and Undo brings it back with its orders', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)

    // A customer with orders: one named in the orders table.
    await nav(page, 'Orders').click()
    await listReady(page, 'Orders')
    const link = dataRows(page).first().getByRole('link').nth(1)
    const name = (await link.innerText()).trim()
    await link.click()
    await visible(page.getByRole('heading', { name, level: 1 }))
    await listReady(page, name)
    const ids = await orderIds(page)
    expect(ids.length).toBeGreaterThan(0)
    const path = new URL(page.url()).pathname

    await confirmDelete(page, page.getByRole('button', { name: 'Delete', exact: true }))
    await atPath(page, '/dashboard/customers')
    const deleted = toast(page, 'Customer deleted')
    await visible(deleted)
    await page.getByRole('searchbox', { name: 'Search Customer' }).fill(name)
    await visible(page.getByText('No results.'))

    await deleted.getByRole('button', { name: 'Undo' }).click()
    await visible(toast(page, 'Customer restored'))
    await visible(dataRows(page).getByRole('link', { name, exact: true }))
    await dataRows(page).getByRole('link', { name, exact: true }).click()
    await atPath(page, path)
    await listReady(page, name)
    await eventually(async () => expect(await orderIds(page)).toEqual(ids))
    // Its orders name it again.
    await nav(page, 'Orders').click()
    await listReady(page, 'Orders')
    await page.getByRole('searchbox', { name: 'Search Order' }).fill(ids[0] ?? '')
    await visible(dataRows(page).getByRole('link', { name, exact: true }))

    // The history has the delete and the restore, newest first, by this agent; no
    // 'Restore' is offered for a customer already back.
    await nav(page, 'History').click()
    await listReady(page, 'History')
    const first = await dataRows(page).nth(0).locator('td').allInnerTexts()
    const second = await dataRows(page).nth(1).locator('td').allInnerTexts()
    expect(first.slice(1, 4)).toEqual([
      AGENT.username,
      'Customer restored',
      expect.stringMatching(new RegExp(`^Customer ${name} restored, with \\d+ orders?$`)),
    ])
    expect(second.slice(1, 4)).toEqual([
      AGENT.username,
      'Customer deleted',
      `Customer ${name} deleted`,
    ])
    expect(await dataRows(page).nth(1).getByRole('button', { name: 'Restore' }).count()).toBe(0)

    expectNoErrors(errors)
    await context.close()
  })

  it("restores a deleted order from the history at once; its 'Restore' goes away", async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await nav(page, 'Orders').click()
    await listReady(page, 'Orders')
    const label = (await dataRows(page).first().locator('td').first().innerText()).trim()
    await confirmDelete(page, page.getByRole('button', { name: `Delete ${label}` }))
    await visible(toast(page, 'Order deleted'))

    await nav(page, 'History').click()
    await listReady(page, 'History')
    const entry = dataRows(page).filter({ hasText: `Order ${label} deleted` })
    await entry.getByRole('button', { name: 'Restore' }).click()
    expect(await dialog(page, /./).count()).toBe(0)
    await visible(toast(page, 'Order restored'))
    await gone(entry.getByRole('button', { name: 'Restore' }))
    await visible(
      dataRows(page)
        .first()
        .filter({ hasText: `Order ${label} restored` }),
    )

    // The entry links to the order's page, which is there again.
    await dataRows(page)
      .first()
      .getByRole('link', { name: `Order ${label} restored` })
      .click()
    await visible(page.getByRole('heading', { name: label, level: 1 }))

    expectNoErrors(errors)
    await context.close()
  })
})
