import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE, openPage, screenshot } from './helpers/browser'
import {
  atPath,
  eventually,
  expectNoErrors,
  listReady,
  overviewReady,
  setDarkMode,
  settled,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'layout.looker', password: 'phone-and-dark-mode' }

const product = useProduct({
  cli: [['create-user', '--username', AGENT.username, '--password', AGENT.password]],
})

const sidebarWidth = (page: Page) =>
  page.locator('#dashboard-sidebar').evaluate((el) => el.getBoundingClientRect().width)
const rootFontSize = (page: Page) =>
  page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))
const hasDarkClass = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'))

describe('the layout', () => {
  it('on a phone: a 4rem rail whose menu button opens a 60% panel with Menu', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: PHONE })
    await signIn(page, AGENT.username, AGENT.password)
    await overviewReady(page)

    const rail = page.locator('#dashboard-sidebar')
    expect(await sidebarWidth(page)).toBeCloseTo(4 * (await rootFontSize(page)), 0)
    // Closed: icons only, no 'Menu' label, no role or help box.
    expect(await page.getByText('Menu', { exact: true }).isVisible()).toBe(false)
    expect(await page.getByText('Contact for Help').isVisible()).toBe(false)
    const content = await page.locator('main').last().boundingBox()
    expect(content?.x).toBeGreaterThanOrEqual(4 * (await rootFontSize(page)) - 1)

    const toggle = page.getByRole('button', { name: 'Open menu' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await toggle.click()
    await settled(page)
    await visible(page.getByText('Menu', { exact: true }))
    expect(await sidebarWidth(page)).toBeCloseTo(PHONE.width * 0.6, 0)
    expect(
      await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
    ).toBe('true')
    await visible(rail.getByText('Contact for Help'))
    await visible(rail.getByLabel('Role', { exact: true }).getByText('Agent', { exact: true }))
    await screenshot(page, 'phone-menu-open')

    // The 'Menu' label closes it again; a link closes it and navigates.
    await page.getByText('Menu', { exact: true }).click()
    await settled(page)
    expect(await sidebarWidth(page)).toBeCloseTo(4 * (await rootFontSize(page)), 0)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await settled(page)
    await rail.getByRole('link', { name: 'Customers' }).click()
    await atPath(page, '/dashboard/customers')
    await listReady(page, 'Customers')
    await settled(page)
    expect(await sidebarWidth(page)).toBeCloseTo(4 * (await rootFontSize(page)), 0)

    expectNoErrors(errors)
    await context.close()
  })

  it('on a desktop: a fixed sidebar 22% wide with the role and the help block', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: DESKTOP })
    await signIn(page, AGENT.username, AGENT.password)
    await overviewReady(page)
    expect(await sidebarWidth(page)).toBeCloseTo(DESKTOP.width * 0.22, 0)
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false)
    const rail = page.locator('#dashboard-sidebar')
    await visible(rail.getByLabel('Role', { exact: true }).getByText('Agent', { exact: true }))
    await visible(rail.getByText('Contact for Help'))
    // The active link is marked.
    expect(await rail.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expectNoErrors(errors)
    await context.close()
  })

  it('dark mode: the switch adds and removes the dark class, and a reload is light again', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)

    await page.goto('/')
    await visible(page.getByRole('heading', { name: 'Build stronger customer relationships' }))
    expect(await hasDarkClass(page)).toBe(false)
    await setDarkMode(page, true)
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark')
    await setDarkMode(page, false)
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light')

    await signIn(page, AGENT.username, AGENT.password)
    await overviewReady(page)
    await setDarkMode(page, true)
    // It stays dark while moving around the dashboard…
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Customers' })
      .click()
    await listReady(page, 'Customers')
    expect(await hasDarkClass(page)).toBe(true)
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).not.toBe('rgb(255, 255, 255)')
    // …and is not persisted (spec 2): a reload is light.
    await page.reload()
    await listReady(page, 'Customers')
    expect(await hasDarkClass(page)).toBe(false)
    await eventually(async () =>
      expect(await page.getByRole('switch', { name: 'Dark mode' }).isChecked()).toBe(false),
    )

    expectNoErrors(errors)
    await context.close()
  })

  it("shows 'Page Not Found' on an unknown path, with a way home", async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await page.goto('/nope')
    await visible(page.getByRole('heading', { name: 'Page Not Found' }))
    await page.getByRole('link', { name: 'Back to home' }).click()
    await atPath(page, '/')
    await visible(page.getByRole('heading', { name: 'Build stronger customer relationships' }))
    expectNoErrors(errors)
    await context.close()
  })
})
