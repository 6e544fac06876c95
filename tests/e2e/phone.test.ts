import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { DESKTOP, PHONE, openPage, screenshot } from './helpers/browser'
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

const AGENT = { username: 'phone.user', password: 'lists-in-my-pocket' }

const product = useProduct({
  cli: [['seed-demo'], ['create-user', '--username', AGENT.username, '--password', AGENT.password]],
})

const box = async (locator: Locator) => {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`${locator.toString()} has no box`)
  return found
}

/** The page itself does not scroll sideways. */
const pageWidth = (page: Page) =>
  page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? Infinity,
    inner: window.innerWidth,
  }))

/** Every row's edit and delete button lies inside the phone's width. */
async function actionsInView(page: Page): Promise<number> {
  const rows = await dataRows(page).all()
  for (const row of rows) {
    for (const name of [/^Edit /, /^Delete /]) {
      const button = row.getByRole('button', { name })
      // Not scrolled into view: scrolling a table sideways is what must not be needed.
      const { x, width } = await box(button)
      expect(x, `${await button.getAttribute('aria-label')}`).toBeGreaterThanOrEqual(0)
      expect(x + width, `${await button.getAttribute('aria-label')}`).toBeLessThanOrEqual(
        PHONE.width,
      )
    }
  }
  const { scroll, inner } = await pageWidth(page)
  expect(scroll).toBeLessThanOrEqual(inner)
  return rows.length
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe('on a phone (390x844)', () => {
  it('customers and orders show every row with its edit and delete inside the screen', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: PHONE })
    await signIn(page, AGENT.username, AGENT.password)

    await page.goto('/dashboard/customers')
    await listReady(page, 'Customers')
    expect(await actionsInView(page)).toBe(25)
    expect(await page.getByRole('table').count()).toBe(0)
    await screenshot(page, 'phone-customers-cards')

    await page.goto('/dashboard/orders')
    await listReady(page, 'Orders')
    expect(await actionsInView(page)).toBe(25)
    // The status filter is a select that fits, and still filters through the URL.
    const status = page.getByRole('combobox', { name: 'Status' })
    const { x, width } = await box(status)
    expect(x + width).toBeLessThanOrEqual(PHONE.width)
    await status.selectOption('Out for delivery')
    await atPath(page, '/dashboard/orders')
    await eventually(() =>
      expect(new URL(page.url()).searchParams.get('status')).toBe('Out for delivery'),
    )
    await listReady(page, 'Orders')
    for (const badge of await dataRows(page)
      .getByText(/^(Pending|Out for delivery|Delivered)$/)
      .allInnerTexts())
      expect(badge).toBe('Out for delivery')
    expect(await actionsInView(page)).toBeGreaterThan(0)

    expectNoErrors(errors)
    await context.close()
  })
})

describe('toasts', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`on a ${label}: below the top bar, clear of its buttons and of Export, Import and Add`, async () => {
      const { browser, baseURL } = product()
      const { context, page, errors } = await openPage(browser, baseURL, { viewport })
      await signIn(page, AGENT.username, AGENT.password)
      await page.goto('/dashboard/customers')
      await listReady(page, 'Customers')

      await dataRows(page)
        .first()
        .getByRole('button', { name: /^Delete / })
        .click()
      const confirm = dialog(page, 'Are you absolutely sure?')
      await confirm.getByRole('button', { name: 'Delete' }).click()
      await gone(confirm)
      const toast = page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Customer deleted' })
      await visible(toast)
      await page.waitForTimeout(400) // its entrance transition
      const shown = await box(toast)
      const topBar = await box(page.locator('header').first())
      expect(shown.y).toBeGreaterThanOrEqual(topBar.y + topBar.height)
      for (const control of [
        page.getByRole('button', { name: 'My Account' }),
        page.getByRole('switch', { name: 'Dark mode' }),
        page.getByRole('button', { name: 'Export CSV' }),
        page.getByRole('button', { name: 'Import CSV' }),
        page.getByRole('button', { name: 'Add', exact: true }),
      ]) {
        expect(overlaps(shown, await box(control)), control.toString()).toBe(false)
      }
      await screenshot(page, `toast-${label}`)
      await toast.getByRole('button', { name: 'Undo' }).click()
      await visible(
        page.locator('.mantine-Notification-root').filter({ hasText: 'Customer restored' }),
      )
      expectNoErrors(errors)
      await context.close()
    })
  }
})
