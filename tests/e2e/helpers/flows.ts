import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'

/** How long a user waits for something to show up before the test gives up. */
export const PATIENCE = 15_000

/**
 * Retries `check` until it stops throwing (like a person looking again a moment later);
 * rethrows its last failure after `timeout`. For assertions on text that changes
 * asynchronously (counts after a refetch, URLs after a redirect, storage after a refresh).
 */
export async function eventually<T>(check: () => Promise<T> | T, timeout = PATIENCE): Promise<T> {
  const deadline = Date.now() + timeout
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Waits until the locator (first match) is visible; returns it for chaining. */
export async function visible(locator: Locator, timeout = PATIENCE): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout })
  return locator
}

/**
 * Waits until the focus is inside `dialog`. A modal shows first and takes the focus a moment
 * later (Mantine's focus trap moves it in a timer): keys pressed before, such as Escape or
 * the first letters typed, would reach the page behind it.
 */
export async function focusWithin(dialog: Locator, timeout = PATIENCE): Promise<void> {
  await expect
    .poll(() => dialog.first().evaluate((node) => node.contains(document.activeElement)), {
      timeout,
    })
    .toBe(true)
}

/** Waits until nothing the locator matches is on screen (removed, or hidden). */
export async function gone(locator: Locator, timeout = PATIENCE): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout })
}

/**
 * Waits for every CSS transition and animation (Mantine modals, menus, switches) to end,
 * and for every dialog to be fully opaque: a modal that has just mounted sits at opacity 0
 * for a frame before its transition starts, and axe would judge its text's contrast
 * against what shows through it (CI once failed the import dialog that way).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const moving = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
      const opaque = (el: Element) => {
        for (let at: Element | null = el; at; at = at.parentElement) {
          if (getComputedStyle(at).opacity !== '1') return false
        }
        return true
      }
      return !moving && [...document.querySelectorAll('[role="dialog"]')].every(opaque)
    },
    undefined,
    { timeout: PATIENCE },
  )
}

/** The path (and query) the browser shows now. */
export function currentPath(page: Page): string {
  const url = new URL(page.url())
  return url.pathname + url.search
}

/** Waits until the browser shows `path` (exact pathname; a RegExp is matched against path + query). */
export async function atPath(page: Page, path: string | RegExp): Promise<void> {
  await eventually(() => {
    const url = new URL(page.url())
    if (typeof path === 'string') expect(url.pathname).toBe(path)
    else expect(url.pathname + url.search).toMatch(path)
  })
}

/** Fills the login form and signs in; waits for the dashboard (or `landing`). */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  options: { landing?: string; goto?: boolean } = {},
): Promise<void> {
  if (options.goto !== false) await page.goto('/login')
  await visible(page.getByRole('heading', { name: 'Login' }))
  await page.getByLabel('Username').fill(username)
  await page.locator('input[type=password]').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await atPath(page, options.landing ?? '/dashboard/overview')
}

/** The rows of a list: a table's, or on a phone (below 600 px) the cards' list. */
const LIST = 'table, ul[data-cards]'

/**
 * Waits until a dashboard list page (or a customer's page, by its name) knows the role
 * and shows its table or cards (rows or 'No results.').
 */
export async function listReady(page: Page, heading: string): Promise<void> {
  await visible(page.getByRole('heading', { name: heading, level: 1 }))
  await visible(page.locator(LIST).first())
  await gone(page.locator('tbody[aria-busy=true], ul[data-cards][aria-busy=true]'))
}

/** Waits until the overview's donut footer shows a number that came from the server. */
export async function overviewReady(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Overview', level: 1 }))
  await visible(page.getByText(/^Total Orders: [\d,]+$/))
}

/** The overview donut footer's number, once loaded. */
export async function totalOrders(page: Page): Promise<number> {
  const text = await page.getByText(/^Total Orders: [\d,]+$/).textContent()
  return Number(/[\d,]+/.exec(text ?? '')?.[0]?.replace(/,/g, ''))
}

/** The dialog with the given title (Mantine Modal: role dialog named by its title). */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title })
}

/** The data rows of the (only) table or card list on screen, without 'No results.'. */
export function dataRows(page: Page): Locator {
  return page
    .locator('table tbody tr, ul[data-cards] > li')
    .filter({ hasNot: page.getByText('No results.') })
}

/** The 'Showing 1–25 of 3,000' text under a list. */
export function pagerText(page: Page): Locator {
  return page.getByText(/^Showing /)
}

/** Clicks the dark-mode switch and waits for the `dark` class on <html>. */
export async function setDarkMode(page: Page, dark: boolean): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Dark mode' })
  if ((await toggle.isChecked()) !== dark) await toggle.click({ force: true })
  await eventually(async () =>
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      dark,
    ),
  )
  await settled(page)
}

export interface ErrorAllowance {
  /** What the scenario provokes on purpose. */
  pattern: RegExp
  /** Why it is expected (shown when it is missing). */
  because: string
}

/**
 * Asserts that no page error or console error happened, apart from the ones the scenario
 * provokes on purpose; each allowed one must actually have been seen (so a test that
 * stops provoking it, or a product that stops logging it, is noticed).
 */
export function expectNoErrors(errors: string[], allowed: ErrorAllowance[] = []): void {
  const unexpected = errors.filter((e) => !allowed.some((a) => a.pattern.test(e)))
  expect(unexpected, 'unexpected page or console errors').toEqual([])
  for (const allowance of allowed) {
    expect(
      errors.some((e) => allowance.pattern.test(e)),
      `expected error not seen (${allowance.because}): ${String(allowance.pattern)}`,
    ).toBe(true)
  }
}

/** Chromium's console line for a failed request, e.g. a 401 answer. */
export const failedResource = (status: number): RegExp =>
  new RegExp(`^console: Failed to load resource: the server responded with a status of ${status}`)

/** A unique suffix so names typed in one test never collide with another's. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
}

/** An unsigned JWT (alg none) with the given claims: enough for the web app's guard, which only decodes. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

/** Decodes a JWT's payload (no check of the signature). */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

/** Reads a local storage entry of the page's origin. */
export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key)
}

/** Registers through the web app's form; the app goes to /login on success. */
export async function register(
  page: Page,
  user: { username: string; email: string; password: string },
): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Register' }))
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Email').fill(user.email)
  await page.locator('input[type=password]').fill(user.password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await atPath(page, '/login')
}
