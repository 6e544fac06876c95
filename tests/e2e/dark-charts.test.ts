import { describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { contrastRatio } from '../client/helpers/contrast'
import { openPage, screenshot } from './helpers/browser'
import { expectNoErrors, overviewReady, setDarkMode, signIn, visible } from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'night.owl', password: 'charts-after-dark' }

const product = useProduct({
  cli: [['seed-demo'], ['create-user', '--username', AGENT.username, '--password', AGENT.password]],
})

/**
 * The colour Chart.js painted the y axis's numbers with, read from the canvas itself (axe
 * cannot see text in a canvas): in the strip at the canvas's left edge, which holds only
 * those labels, the commonest colour of the opaque pixels (the canvas is transparent
 * around the glyphs, so the glyphs' cores carry the text colour exactly).
 */
function paintedText(canvas: Locator): Promise<string> {
  return canvas.evaluate((element) => {
    const chart = element as HTMLCanvasElement
    const band = Math.round((14 * chart.width) / chart.getBoundingClientRect().width)
    const context = chart.getContext('2d')
    if (!context) throw new Error('no 2d context')
    const { data } = context.getImageData(0, 0, band, chart.height)
    const counts = new Map<string, number>()
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] !== 255) continue
      const color = `rgb(${data[i]}, ${data[i + 1]}, ${data[i + 2]})`
      counts.set(color, (counts.get(color) ?? 0) + 1)
    }
    const [top] = [...counts].sort((a, b) => b[1] - a[1])
    if (!top) throw new Error('no axis labels painted')
    return top[0]
  })
}

describe('chart text in dark mode', () => {
  it('has at least 4.5:1 contrast with its card (WCAG AA), as in light mode', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await overviewReady(page)
    const card = page.getByRole('region', { name: 'Customer Distribution' })
    const canvas = card.getByRole('img', { name: 'Bar chart: number of customers per city' })
    await visible(canvas)

    for (const dark of [false, true]) {
      await setDarkMode(page, dark)
      // Chart.js redraws over about a second after the switch.
      await page.waitForTimeout(1_500)
      const background = await card.evaluate((element) => getComputedStyle(element).backgroundColor)
      const text = await paintedText(canvas)
      const ratio = contrastRatio(text, background)
      console.log(`${dark ? 'dark' : 'light'}: ${text} on ${background}: ${ratio.toFixed(2)}:1`)
      expect(ratio, `axis text ${text} on ${background}`).toBeGreaterThanOrEqual(4.5)
    }
    await screenshot(page, 'overview-dark-charts')
    expectNoErrors(errors)
    await context.close()
  })
})
