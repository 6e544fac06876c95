import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPage, screenshot } from './helpers/browser'
import {
  atPath,
  dialog,
  expectNoErrors,
  focusWithin,
  gone,
  listReady,
  settled,
  signIn,
  uniqueSuffix,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'palette.user', password: 'keyboard-all-day' }

const product = useProduct({
  cli: [
    ['seed-demo', '--customers', '30', '--orders', '60'],
    ['create-user', '--username', AGENT.username, '--password', AGENT.password],
  ],
})

/** A customer made through the API, as another client would: its id. */
async function createCustomer(baseURL: string, customer: Record<string, string>): Promise<number> {
  const token = await fetch(`${baseURL}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(AGENT),
  }).then((res) => res.json() as Promise<{ access: string }>)
  const created = await fetch(`${baseURL}/api/customers/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access}` },
    body: JSON.stringify(customer),
  })
  expect(created.status).toBe(201)
  return ((await created.json()) as { id: number }).id
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')

describe('command palette and shortcuts', () => {
  it('finds a customer by a word of its email and opens its page, keyboard only', async () => {
    const { browser, baseURL } = product()
    const word = `quietmail${uniqueSuffix()}`
    const id = await createCustomer(baseURL, {
      name: 'Zephyrine Okafor',
      email: `zo@${word}.example`,
      city: 'Lagos',
      country: 'Nigeria',
    })
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    // The address changes while 'Loading...' still stands in for the dashboard, whose
    // shortcuts are not listening yet: wait for its top bar.
    const searchIcon = page.getByRole('button', { name: 'Search', exact: true })
    await visible(searchIcon)

    await page.keyboard.press('Control+K')
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    await visible(palette)
    // Nothing typed: the actions.
    await visible(palette.getByRole('option', { name: /Add customer/ }))
    await focusWithin(palette)
    await page.keyboard.type(word)
    const match = palette.getByRole('option', { name: /Zephyrine Okafor/ })
    await visible(match)
    // Records come first, and the first entry is selected.
    expect(await match.getAttribute('aria-selected')).toBe('true')
    await settled(page)
    await screenshot(page, 'palette-desktop-light')
    await page.keyboard.press('Enter')
    await atPath(page, `/dashboard/customers/${id}`)
    await visible(page.getByRole('heading', { name: 'Zephyrine Okafor', level: 1 }))
    await gone(palette)

    // Esc closes it; the search icon in the top bar opens it too.
    await page.keyboard.press('Control+K')
    await visible(palette)
    await focusWithin(palette)
    await page.keyboard.press('Escape')
    await gone(palette)
    // Only once its closing transition is over: a click while it still runs was lost in a
    // CI run (the icon focused, no palette).
    await settled(page)
    await searchIcon.click()
    await visible(palette)
    // An action by name: Enter runs it.
    await focusWithin(palette)
    await page.keyboard.type('go to orders')
    await page.keyboard.press('Enter')
    await atPath(page, '/dashboard/orders')

    expectNoErrors(errors)
    await context.close()
  })

  it('runs each shortcut, and none of them while typing in a field', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await page.goto('/dashboard/customers')
    await listReady(page, 'Customers')

    // `/` puts the cursor in the search box; there, every key is typing.
    await page.keyboard.press('/')
    expect(await focusedLabel(page)).toBe('Search Customer')
    await page.keyboard.type('ng?go')
    const search = page.getByRole('searchbox', { name: 'Search Customer' })
    expect(await search.inputValue()).toBe('ng?go')
    await settled(page)
    expect(await page.getByRole('dialog').count()).toBe(0)
    await atPath(page, '/dashboard/customers')
    await search.fill('')
    await page.locator('body').click({ position: { x: 5, y: 300 } })

    // `n` opens the add dialog of the screen.
    await page.keyboard.press('n')
    const add = dialog(page, 'Add Customer')
    await visible(add)
    await focusWithin(add)
    await page.keyboard.press('Escape')
    await gone(add)

    // `g` then `o` / `h` / `c`.
    for (const [key, path, heading] of [
      ['o', '/dashboard/orders', 'Orders'],
      ['h', '/dashboard/history', 'History'],
      ['c', '/dashboard/customers', 'Customers'],
    ] as const) {
      await page.keyboard.press('g')
      await page.keyboard.press(key)
      await atPath(page, path)
      await visible(page.getByRole('heading', { name: heading, level: 1 }))
    }

    // `n` on the orders screen opens its own dialog; `/` its own search box.
    await page.keyboard.press('g')
    await page.keyboard.press('o')
    await listReady(page, 'Orders')
    await page.keyboard.press('n')
    await visible(dialog(page, 'Add Order'))
    await focusWithin(dialog(page, 'Add Order'))
    await page.keyboard.press('Escape')
    await gone(dialog(page, 'Add Order'))
    await page.keyboard.press('/')
    expect(await focusedLabel(page)).toBe('Search Order')
    await page.locator('body').click({ position: { x: 5, y: 300 } })

    // `?` lists them all.
    await page.keyboard.press('Shift+?')
    const help = dialog(page, 'Keyboard shortcuts')
    await visible(help)
    await settled(page)
    await screenshot(page, 'shortcuts-desktop-light')
    for (const text of [
      'Open the command palette',
      'Go to Orders',
      'Go to Customers',
      'Go to History',
    ]) {
      await visible(help.getByText(text, { exact: true }))
    }
    await focusWithin(help)
    await page.keyboard.press('Escape')
    await gone(help)

    expectNoErrors(errors)
    await context.close()
  })

  it("'Add customer' from the orders screen and 'Add order' from the customers screen open their dialog", async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    for (const [from, action, to, add] of [
      ['Orders', 'Add customer', 'Customers', 'Add Customer'],
      ['Customers', 'Add order', 'Orders', 'Add Order'],
    ] as const) {
      // Each list screen reached by its link, so the other one is open when the action runs.
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: from })
        .click()
      await listReady(page, from)
      await page.keyboard.press('Control+K')
      await focusWithin(palette)
      await page.keyboard.type(action)
      // Clicked, not Enter: Enter runs the first option, and a record whose name holds the
      // typed letters ('Haddad' for 'Add') may answer late and come first (a CI run opened
      // that customer). The keyboard's own path is the test above.
      await palette.getByRole('option', { name: action }).click()
      await atPath(page, `/dashboard/${to.toLowerCase()}`)
      await listReady(page, to)
      await visible(dialog(page, add))
      // The palette closes with a short transition: then the dialog is the only one.
      await gone(palette)
      expect(await page.getByRole('dialog').count()).toBe(1)
      await focusWithin(dialog(page, add))
      await page.keyboard.press('Escape')
      await gone(dialog(page, add))
    }
    expectNoErrors(errors)
    await context.close()
  })
})
