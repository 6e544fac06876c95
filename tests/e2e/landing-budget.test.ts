import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { openPage } from './helpers/browser'
import { expectNoErrors } from './helpers/flows'
import { useProduct } from './helpers/product'

// Issue 9's budget: the landing page's JavaScript stays under 100 KB gzip. Sizes, not
// times, so the check is as steady as the build.
const BUDGET_BYTES = 100 * 1024

const product = useProduct()

describe('the landing page', () => {
  it('downloads under 100 KB of gzip JavaScript, and no chart code', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    const scripts = new Map<string, number>()
    const reads: Promise<void>[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (!url.pathname.endsWith('.js')) return
      reads.push(
        response.body().then((body) => void scripts.set(url.pathname, gzipSync(body).length)),
      )
    })
    await page.goto('/', { waitUntil: 'networkidle' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    await Promise.all(reads)

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
