import { describe, expect, it } from 'vitest'
import { openPage } from './helpers/browser'
import { atPath, currentPath, expectNoErrors, listReady, signIn, visible } from './helpers/flows'
import { useProduct } from './helpers/product'

const QA = { username: 'qa.lead', password: 'deep-link-checker' }

const product = useProduct({
  cli: [['create-user', '--username', QA.username, '--password', QA.password]],
})

describe('QA following a link into the dashboard while signed out', () => {
  it('is sent to sign in and comes back to /dashboard/orders afterwards', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)

    await page.goto('/dashboard/orders')
    await atPath(page, '/login')
    expect(currentPath(page)).toBe(`/login?redirect=${encodeURIComponent('/dashboard/orders')}`)
    await visible(page.getByText('Enter your username below to login to your account.'))

    await signIn(page, QA.username, QA.password, { goto: false, landing: '/dashboard/orders' })
    await listReady(page, 'Orders')
    expect(currentPath(page)).toBe('/dashboard/orders')

    expectNoErrors(errors)
    await context.close()
  })
})
