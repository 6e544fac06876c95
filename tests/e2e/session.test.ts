import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DESKTOP, openPage, PHONE, screenshot } from './helpers/browser'
import {
  atPath,
  currentPath,
  expectNoErrors,
  failedResource,
  jwtClaims,
  listReady,
  overviewReady,
  settled,
  signIn,
  storageItem,
  unsignedJwt,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'session.keeper', password: 'stay-signed-in-please' }

const product = useProduct({
  cli: [['create-user', '--username', AGENT.username, '--password', AGENT.password]],
})

/** An access token that looks like the real one but expired a minute ago (unsigned: the guard only decodes). */
function expiredCopyOf(access: string): string {
  const now = Math.floor(Date.now() / 1000)
  return unsignedJwt({ ...jwtClaims(access), iat: now - 600, exp: now - 60 })
}

/**
 * The overview with its counts and the sidebar's role loaded, and the live stream open:
 * no call of its own still to come. (Not 'networkidle': the stream stays open.)
 */
async function settledDashboard(page: Page, stream: Promise<unknown>): Promise<void> {
  await overviewReady(page)
  await visible(page.getByLabel('Role', { exact: true }).getByText('Agent', { exact: true }))
  await stream
}

/** The dashboard's change stream answering, from now on (call before signing in). */
const liveStream = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events/')

describe('a session', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'on a %s, a wrong password is named in the card, a taken username under its field',
    async (label, viewport) => {
      const { browser, baseURL } = product()
      const { context, page, errors } = await openPage(browser, baseURL, { viewport })
      await page.goto('/login')
      await visible(page.getByRole('heading', { name: 'Login' }))
      await page.getByLabel('Username').fill(AGENT.username)
      const password = page.locator('input[type=password]')
      await password.fill('not the password')
      await page.getByRole('button', { name: 'Sign in' }).click()
      const alert = page.getByRole('main').getByRole('alert')
      await visible(alert)
      expect(await alert.innerText()).toBe('Invalid username or password.')
      // Below the fields, in the card: not a toast elsewhere.
      const [alertBox, passwordBox] = await Promise.all([
        alert.boundingBox(),
        password.boundingBox(),
      ])
      expect(alertBox?.y).toBeGreaterThan(passwordBox?.y ?? Infinity)
      expect(currentPath(page)).toBe('/login')
      await settled(page)
      await screenshot(page, `login-error-${label}`)

      await page.goto('/register')
      await visible(page.getByRole('heading', { name: 'Register' }))
      await page.getByLabel('Username').fill(AGENT.username)
      await page.getByLabel('Email').fill('someone@example.com')
      await page.locator('input[type=password]').fill('another long password')
      await page.getByRole('button', { name: 'Sign up' }).click()
      const username = page.getByLabel('Username')
      await visible(page.getByText('This username is already taken.'))
      expect(await username.getAttribute('aria-invalid')).toBe('true')
      await settled(page)
      await screenshot(page, `register-error-${label}`)

      expectNoErrors(errors, [
        { pattern: failedResource(401), because: 'the wrong password is refused' },
        { pattern: failedResource(409), because: 'the username is taken' },
      ])
      await context.close()
    },
  )

  it('survives an expired access token when the refresh token is good', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors, failedRequests } = await openPage(browser, baseURL)
    const stream = liveStream(page)
    await signIn(page, AGENT.username, AGENT.password)
    // Let the overview finish its calls first: one sent after the swap below would carry
    // the unsigned token, be refused (401) and retried, which is not what this test is about.
    await settledDashboard(page, stream)

    const expired = expiredCopyOf((await storageItem(page, 'access')) ?? '')
    await page.evaluate((token) => localStorage.setItem('access', token), expired)
    await page.goto('/dashboard/customers')

    // The guard refreshed instead of sending the user away.
    await listReady(page, 'Customers')
    expect(currentPath(page)).toBe('/dashboard/customers')
    const renewed = (await storageItem(page, 'access')) ?? ''
    expect(renewed).not.toBe(expired)
    expect(jwtClaims(renewed).exp).toBeGreaterThan(Date.now() / 1000)
    // …and the new token is one the server accepts.
    const status = await page.evaluate(async () => {
      const answer = await fetch('/api/agent/role/', {
        headers: { Authorization: `Bearer ${localStorage.getItem('access')}` },
      })
      return answer.status
    })
    expect(status).toBe(200)

    // Not a single call was refused on the way: the guard refreshed before anything was sent.
    expect(failedRequests).toEqual([])
    expectNoErrors(errors)
    await context.close()
  })

  it('ends at sign-in when the access token is expired and the refresh token is garbage', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    const stream = liveStream(page)
    await signIn(page, AGENT.username, AGENT.password)
    await settledDashboard(page, stream)

    const expired = expiredCopyOf((await storageItem(page, 'access')) ?? '')
    await page.evaluate((token) => {
      localStorage.setItem('access', token)
      localStorage.setItem('refresh', 'not-a-refresh-token')
    }, expired)
    await page.goto('/dashboard/customers')

    await atPath(page, '/login')
    expect(currentPath(page)).toBe(`/login?redirect=${encodeURIComponent('/dashboard/customers')}`)
    await visible(page.getByRole('heading', { name: 'Login' }))

    // The refused refresh call is the only error Chromium reports.
    expectNoErrors(errors, [
      { pattern: failedResource(401), because: 'the garbage refresh token is refused' },
    ])
    await context.close()
  })

  it('logs out from the avatar menu: local storage is emptied and the login screen shows', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    // Something else the app did not write: logout clears all local storage (spec 2), not only the tokens.
    await page.evaluate(() => localStorage.setItem('unrelated', 'left by another script'))
    expect(await page.evaluate(() => localStorage.length)).toBe(3)

    await page.getByRole('button', { name: 'My Account' }).click()
    const menu = page.getByRole('menu')
    await visible(menu.getByText('My Account'))
    await menu.getByRole('menuitem', { name: 'Logout' }).click()

    await atPath(page, '/login')
    await visible(page.getByRole('heading', { name: 'Login' }))
    expect(await page.evaluate(() => localStorage.length)).toBe(0)

    // The dashboard is closed again.
    await page.goto('/dashboard/overview')
    await atPath(page, '/login')

    expectNoErrors(errors)
    await context.close()
  })
})
