import { describe, expect, it } from 'vitest'
import { openPage } from './helpers/browser'
import { expectNoErrors, listReady, overviewReady, signIn, visible } from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'first.load', password: 'paints-before-scripts' }

const product = useProduct({
  cli: [['create-user', '--username', AGENT.username, '--password', AGENT.password]],
})

describe('what crawlers, browsers and integrators fetch', () => {
  it('serves a real robots.txt, not the web page', async () => {
    const res = await fetch(`${product().baseURL}/robots.txt`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await res.text()
    expect(text).toContain('User-agent: *')
    expect(text).not.toContain('<html')
  })

  it('sends the web page with a Content-Security-Policy that allows no inline script', async () => {
    const res = await fetch(`${product().baseURL}/dashboard/customers`)
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/)
    const html = await res.text()
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]+"/)
    // Every script is a file of the app's own: nothing inline the policy would have to allow.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })

  it("paints a deep link's 'Loading...' before any script runs, then the screen over it with one role and one list request", async () => {
    const { browser, baseURL } = product()
    // Scripts off: what the page's HTML and stylesheets show on their own.
    const htmlOnly = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const still = await htmlOnly.newPage()
    await still.goto('/dashboard/customers')
    await visible(still.getByText('Loading...'))
    await htmlOnly.close()

    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    // The overview's own role and chart requests are done before counting starts: the URL
    // changes before the overview asks for the role, so signIn can return first.
    await overviewReady(page)
    const apiRequests: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/api/')) apiRequests.push(pathname)
    })
    await page.goto('/dashboard/customers?sort=name')
    await listReady(page, 'Customers')
    expect(await page.getByText('Loading...').count()).toBe(0)
    // Sent as the page started (src/client/start/early-requests.ts) and used by the screen.
    expect(apiRequests.filter((path) => path === '/api/agent/role/')).toHaveLength(1)
    expect(apiRequests.filter((path) => path === '/api/customers/')).toHaveLength(1)
    expectNoErrors(errors)
    await context.close()
  })

  it('renders the API reference pages at /api/docs without a token and without errors', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await page.goto('/api/docs/')
    await page.getByText('Rapport CRM API').first().waitFor()
    await page.getByText('/api/customers/{id}/summary').first().waitFor()
    const doc = (await (await fetch(`${baseURL}/api/openapi.json`)).json()) as { openapi: string }
    expect(doc.openapi).toMatch(/^3\./)
    expectNoErrors(errors)
    await context.close()
  })
})
