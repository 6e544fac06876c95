import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPage } from './helpers/browser'
import {
  atPath,
  dataRows,
  dialog,
  expectNoErrors,
  gone,
  listReady,
  overviewReady,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'keys.only', password: 'no-mouse-needed' }

const product = useProduct({
  cli: [['create-user', '--username', AGENT.username, '--password', AGENT.password]],
})

/** What has the keyboard focus, as a person would name it: its label, aria-label or text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return ''
    const labelled = el.getAttribute('aria-labelledby')
    const byId = labelled ? document.getElementById(labelled)?.textContent : undefined
    const label =
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      byId ??
      el.getAttribute('aria-label') ??
      el.textContent ??
      ''
    // Required fields carry an asterisk after the label text.
    return label.replace(/\s*\*\s*$/, '').trim()
  })
}

/** Presses Tab (only Tab) until the focus is on the control named `name`. */
async function tabTo(page: Page, name: string, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab')
    if ((await focusedName(page)) === name) return
  }
  throw new Error(`Tab never reached '${name}' (last focus: '${await focusedName(page)}')`)
}

/**
 * Waits for the app to put the focus on `name` (no key pressed meanwhile), then types. A
 * modal moves the focus to its first field a moment after it shows (Mantine's focus trap
 * does it in a timer), so the dialog can be visible while the focus is still behind it.
 */
async function typeInto(page: Page, name: string, text: string): Promise<void> {
  await expect.poll(() => focusedName(page), { timeout: 5_000 }).toBe(name)
  await page.keyboard.type(text)
}

describe('a keyboard-only user', () => {
  it('signs in and creates a customer with Tab, typing and Enter only', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await page.goto('/login')
    await visible(page.getByRole('heading', { name: 'Login' }))

    await tabTo(page, 'Username')
    await page.keyboard.type(AGENT.username)
    await page.keyboard.press('Tab')
    await typeInto(page, 'Password', AGENT.password)
    await page.keyboard.press('Enter')
    await atPath(page, '/dashboard/overview')
    await overviewReady(page)

    await tabTo(page, 'Customers')
    await page.keyboard.press('Enter')
    await atPath(page, '/dashboard/customers')
    await listReady(page, 'Customers')

    await tabTo(page, 'Add')
    await page.keyboard.press('Enter')
    const create = dialog(page, 'Add Customer')
    await visible(create)
    // The modal puts the focus on its first field.
    await typeInto(page, 'Name', 'Kai Keyboard')
    await page.keyboard.press('Tab')
    await typeInto(page, 'Email', 'kai@keys.example')
    await page.keyboard.press('Tab')
    await typeInto(page, 'City', 'Oslo')
    await page.keyboard.press('Tab')
    await typeInto(page, 'Country', 'Norway')
    await page.keyboard.press('Tab')
    await typeInto(page, 'Phone', '+47 22 00 00 00')
    await page.keyboard.press('Enter')

    await visible(page.getByText('Customer Created'))
    await gone(create)
    await visible(
      dataRows(page).filter({ hasText: 'Kai Keyboard' }).filter({ hasText: 'Oslo, Norway' }),
    )

    expectNoErrors(errors)
    await context.close()
  })
})
