import { describe, expect, it } from 'vitest'
import { openPage } from './helpers/browser'
import { expectNoErrors } from './helpers/flows'
import { landingScripts } from './helpers/landing-scripts'
import { useProduct } from './helpers/product'

// Issue 9's budget: the landing page's JavaScript stays under 100 KB gzip. Sizes, not
// times, so the check is as steady as the build.
const BUDGET_BYTES = 100 * 1024

const product = useProduct()

describe('the landing page', () => {
  it('downloads under 100 KB of gzip JavaScript, and no chart code', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    const scripts = await landingScripts(page)

    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0)
    console.log(`landing page: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`)
    expect(scripts.size).toBeGreaterThan(0)
    expect(total).toBeLessThan(BUDGET_BYTES)
    // Chart.js belongs to the overview's chunk only.
    expect([...scripts.keys()].some((path) => path.includes('overview'))).toBe(false)
    expectNoErrors(errors)
    await context.close()
  })
})
