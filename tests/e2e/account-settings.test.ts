import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPage } from './helpers/browser'
import {
  atPath,
  currentPath,
  eventually,
  expectNoErrors,
  failedResource,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const ROTATOR = {
  username: 'pass.rotator',
  password: 'old-password-1234',
  next: 'new-password-5678',
}
const PROFILE = { username: 'profile.owner', password: 'my-profile-secret' }

const product = useProduct({
  cli: [
    ['create-user', '--username', ROTATOR.username, '--password', ROTATOR.password],
    [
      'create-user',
      '--username',
      PROFILE.username,
      '--password',
      PROFILE.password,
      '--email',
      'owner@example.com',
    ],
  ],
})

async function openFromAccountMenu(page: Page, item: 'Profile' | 'Settings'): Promise<void> {
  await page.getByRole('button', { name: 'My Account' }).click()
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click()
}

describe('an agent looking after their account', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, ROTATOR.username, ROTATOR.password)

    await openFromAccountMenu(page, 'Settings')
    await atPath(page, '/dashboard/settings')
    const section = page.getByRole('region', { name: 'Update Password' })
    await visible(section)
    await section.getByLabel('Current Password').fill(ROTATOR.password)
    await section.getByLabel(/^New Password/).fill(ROTATOR.next)
    await section.getByLabel('Confirm New Password').fill(ROTATOR.next)
    await section.getByRole('button', { name: 'Update Password' }).click()
    await visible(page.getByText('Password updated successfully'))
    // The form is reset after success (spec 4).
    await eventually(async () =>
      expect(await section.getByLabel('Current Password').inputValue()).toBe(''),
    )
    expect(await section.getByLabel(/^New Password/).inputValue()).toBe('')

    await page.getByRole('button', { name: 'My Account' }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click()
    await atPath(page, '/login')

    // The old password is refused: the card says so and stays on the form.
    await signIn(page, ROTATOR.username, ROTATOR.password, { goto: false, landing: '/login' })
    await visible(page.getByRole('alert').getByText('Invalid username or password.'))
    expect(currentPath(page)).toBe('/login')
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull()

    // The new one works.
    await page.getByLabel('Username').fill(ROTATOR.username)
    await page.locator('input[type=password]').fill(ROTATOR.next)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await atPath(page, '/dashboard/overview')

    expectNoErrors(errors, [
      { pattern: failedResource(401), because: 'the old password is refused by the server' },
    ])
    await context.close()
  })

  it('updates the account: toast, and the profile card shows the new name and place', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, PROFILE.username, PROFILE.password)

    await openFromAccountMenu(page, 'Profile')
    await atPath(page, '/dashboard/account')
    await visible(page.getByRole('heading', { name: 'Account', level: 1 }))
    // A user made on the command line has no name yet: the spec's fallbacks show.
    await visible(page.getByText('unknown', { exact: true }))
    await visible(page.getByText('city, country'))
    await eventually(async () =>
      expect(await page.getByLabel('Email').inputValue()).toBe('owner@example.com'),
    )

    await page.getByLabel('First Name').fill('Grace')
    await page.getByLabel('Last Name').fill('Hopper')
    await page.getByLabel('Phone Number').fill('+1 703 555 0100')
    await page.getByLabel('Country').fill('United States')
    await page.getByLabel('City').fill('Arlington')
    await page.getByRole('button', { name: 'Update' }).click()

    await visible(page.getByText('Account Updated, Refresh'))
    await visible(page.getByText('Grace Hopper', { exact: true }))
    await visible(page.getByText('Arlington, United States'))

    // Stored on the server: a reload shows the same.
    await page.reload()
    await visible(page.getByText('Grace Hopper', { exact: true }))
    await eventually(async () =>
      expect(await page.getByLabel('City').inputValue()).toBe('Arlington'),
    )

    expectNoErrors(errors)
    await context.close()
  })
})
