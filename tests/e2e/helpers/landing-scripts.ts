import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'

/**
 * Every script a full load of `/` fetches, with its gzip size: the landing page's
 * JavaScript budget (issue 9), read by the e2e test and by the bench.
 */
export async function landingScripts(page: Page): Promise<Map<string, number>> {
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
  return scripts
}
