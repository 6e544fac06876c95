import { TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, openPage, PHONE, screenshot } from './helpers/browser'
import { atPath, setDarkMode, signIn, visible } from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'two.step', password: 'two-step-secret-1' }
const product = useProduct({
  cli: [['create-user', '--username', AGENT.username, '--password', AGENT.password]],
})

const codeOf = (secret: string) => new TOTP({ secret, digits: 6, period: 30 }).generate()

/** Light and dark at this size, as issue28/<name>-<size>-<scheme>.png. */
async function shots(page: Page, name: string, size: string): Promise<void> {
  for (const dark of [false, true]) {
    await setDarkMode(page, dark)
    await screenshot(page, `issue28/${name}-${size}-${dark ? 'dark' : 'light'}`)
  }
  await setDarkMode(page, false)
}

/** The sign-in card has no dark-mode switch: the scheme is the one the app had. */
async function secondStepShots(page: Page, scheme: string): Promise<void> {
  await page.setViewportSize(DESKTOP)
  await screenshot(page, `issue28/second-step-desktop-${scheme}`)
  await page.setViewportSize(PHONE)
  await screenshot(page, `issue28/second-step-phone-${scheme}`)
  await page.setViewportSize(DESKTOP)
}

async function passwordThenWrongCode(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Login' }))
  await page.getByLabel('Username').fill(AGENT.username)
  await page.locator('input[type=password]').fill(AGENT.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await visible(page.getByText('Enter the 6-digit code from your authenticator app'))
  await page.getByLabel('Code').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await visible(page.getByText('That code is not right. Try again.'))
}

describe('two-step sign-in in the browser', () => {
  it('turns on with a code from the shown key, then signs in with a code; another session ends', async () => {
    const { browser, baseURL } = product()
    // A second session of the same agent, to be signed out from the first.
    const other = await openPage(browser, baseURL, { viewport: PHONE })
    await signIn(other.page, AGENT.username, AGENT.password)

    const { page } = await openPage(browser, baseURL, { viewport: DESKTOP })
    await signIn(page, AGENT.username, AGENT.password)
    await page.goto('/dashboard/settings')
    const section = page.getByRole('region', { name: 'Two-step sign-in' })
    await section.getByRole('button', { name: 'Turn on' }).click()
    const key = (await visible(section.getByTestId('two-step-key'))).textContent()
    const secret = (await key) ?? ''
    expect(secret).toMatch(/^[A-Z2-7]+$/)
    await shots(page, 'settings-turn-on', 'desktop')
    await section.getByLabel('Code').fill(codeOf(secret))
    await section.getByRole('button', { name: 'Confirm' }).click()
    await visible(section.getByRole('button', { name: 'I have stored them' }))
    const recovery = await section.getByRole('listitem').allTextContents()
    expect(recovery).toHaveLength(10)
    await shots(page, 'settings-recovery-codes', 'desktop')
    await page.setViewportSize(PHONE)
    await shots(page, 'settings-recovery-codes', 'phone')
    await page.setViewportSize(DESKTOP)
    await section.getByRole('button', { name: 'I have stored them' }).click()
    await visible(section.getByRole('button', { name: 'Turn off' }))

    const sessions = page.getByRole('region', { name: 'Sessions' })
    await visible(sessions.getByText('This device'))
    await sessions.scrollIntoViewIfNeeded()
    await shots(page, 'settings-sessions', 'desktop')
    await page.setViewportSize(PHONE)
    await shots(page, 'settings-sessions', 'phone')
    await page.setViewportSize(DESKTOP)
    await sessions.getByRole('button', { name: 'Sign out', exact: true }).first().click()
    await visible(sessions.getByText('This device'))
    await expect
      .poll(() => sessions.getByRole('button', { name: 'Sign out', exact: true }).count(), {
        timeout: 15_000,
      })
      .toBe(0)
    // The phone's session is refused at its next request: back to the sign-in page.
    await other.page.reload()
    await atPath(other.page, /^\/login/)

    // Sign out, then in again: the card asks for a code.
    await page.evaluate(() => localStorage.clear())
    await page.goto('/login')
    await passwordThenWrongCode(page)
    await secondStepShots(page, 'light')
    await page.getByLabel('Code').fill(codeOf(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await atPath(page, '/dashboard/overview')

    // Once more in dark mode, signing out from the menu, with a recovery code.
    await setDarkMode(page, true)
    await page.getByRole('button', { name: 'My Account' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await passwordThenWrongCode(page)
    await secondStepShots(page, 'dark')
    await page.getByRole('button', { name: 'Use a recovery code' }).click()
    await page.getByLabel('Recovery code').fill(recovery[0] ?? '')
    await page.getByRole('button', { name: 'Verify' }).click()
    await atPath(page, '/dashboard/overview')
  }, 180_000)
})
