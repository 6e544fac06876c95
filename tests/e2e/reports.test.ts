import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import type { SalesReport } from '../../src/shared/reports'
import { addDays, todayIn } from '../../src/shared/days'
import { changeOf } from '../../src/client/features/reports/change'
import { formatAmount, formatCount } from '../../src/client/lib/format'
import { seriousViolations } from './helpers/axe'
import { DESKTOP, openPage, PHONE, screenshotDir } from './helpers/browser'
import { atPath, eventually, expectNoErrors, setDarkMode, signIn, visible } from './helpers/flows'
import { useProduct } from './helpers/product'

// Far from UTC, so a day in the browser is not UTC's day.
const ZONE = 'Pacific/Auckland'

const product = useProduct({ cli: [['seed-demo', '--customers', '200', '--orders', '1500']] })

async function openReports(viewport = DESKTOP) {
  const { browser, baseURL } = product()
  const opened = await openPage(browser, baseURL, { viewport, timezoneId: ZONE })
  await signIn(opened.page, 'demo', 'demo-password')
  await opened.page.goto('/dashboard/reports')
  await visible(opened.page.getByRole('heading', { name: 'Reports', level: 1 }))
  return opened
}

/** The report as the API answers it to the signed-in browser. */
function askApi(page: Page, query: string): Promise<SalesReport> {
  return page.evaluate(async (search) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('access') ?? ''}` }
    const res = await fetch(`/api/reports/sales/?${search}`, { headers })
    return (await res.json()) as SalesReport
  }, query)
}

/** The day of the last 30 days with the most orders, as the API counts them in ZONE. */
async function busiestDay(page: Page): Promise<string> {
  const today = todayIn(ZONE)
  const report = await askApi(
    page,
    `from=${addDays(today, -29)}&to=${today}&tz=${encodeURIComponent(ZONE)}`,
  )
  const [busiest] = [...report.series].sort((a, b) => b.orders - a.orders)
  return busiest?.start ?? today
}

/**
 * test-results/screenshots/issue25/<name>-1.png, -2.png…: the whole page in viewport-sized
 * pieces (small enough to look at), once the charts stand still.
 */
async function shoot(page: Page, name: string): Promise<void> {
  // Chart.js grows the bars and the donut in over about a second.
  await page.waitForTimeout(1_200)
  const folder = path.join(screenshotDir, 'issue25')
  mkdirSync(folder, { recursive: true })
  const { width, height } = page.viewportSize() ?? DESKTOP
  const total = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let piece = 0; piece * height < total; piece++) {
    const y = piece * height
    await page.screenshot({
      path: path.join(folder, `${name}-${piece + 1}.png`),
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(height, total - y) },
    })
  }
}

/** The page itself does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? Infinity,
    inner: window.innerWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(inner)
}

/**
 * Both schemes of the screen on show, named <name>-light and <name>-dark, each without a
 * serious or critical axe violation (contrast included); ends light.
 */
async function shootBothSchemes(page: Page, name: string): Promise<void> {
  for (const dark of [false, true]) {
    await setDarkMode(page, dark)
    await shoot(page, `${name}-${dark ? 'dark' : 'light'}`)
    expect(await seriousViolations(page)).toEqual([])
  }
  await setDarkMode(page, false)
}

/** Whether a person sees the element: its middle, scrolled to, is the element itself. */
function isOnScreen(element: Element): boolean {
  element.scrollIntoView({ block: 'center' })
  const { x, y, width, height } = element.getBoundingClientRect()
  return element.contains(document.elementFromPoint(x + width / 2, y + height / 2))
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true })

/** Clicks the middle of the tallest bar of a bar chart's canvas; answers nothing. */
async function clickTallestBar(canvas: Locator): Promise<void> {
  const spot = await canvas.evaluate((element) => {
    const chart = element as HTMLCanvasElement
    const context = chart.getContext('2d')
    if (!context) throw new Error('no 2d context')
    const { width, height } = chart
    const { data } = context.getImageData(0, 0, width, height)
    const accent = [12, 166, 120]
    let best = { x: -1, top: height }
    for (let x = 0; x < width; x += 2) {
      for (let y = 0; y < best.top; y++) {
        const i = (y * width + x) * 4
        if (accent.every((value, c) => Math.abs((data[i + c] ?? 0) - value) < 6)) {
          best = { x, top: y }
          break
        }
      }
    }
    if (best.x < 0) throw new Error('no bar painted')
    const scale = chart.getBoundingClientRect().width / width
    return { x: best.x * scale, y: (best.top + (height - best.top) / 2) * scale * 0.98 }
  })
  await canvas.click({ position: spot })
}

describe('Reports screen', () => {
  // One sign-in for the slow paths: the cards, a bar's orders, a preset through a reload.
  it("shows the API's figures, opens a bar's orders and keeps a preset through a reload", async () => {
    const { context, page, errors } = await openReports()
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(ZONE)
    const today = todayIn(ZONE)
    const query = `from=${addDays(today, -29)}&to=${today}&tz=${encodeURIComponent(ZONE)}`
    const report = await askApi(page, query)
    expect(report.totals.orders).toBeGreaterThan(0)
    const { totals, previous } = report
    const expected: [string, string, number, number][] = [
      ['Revenue', formatAmount(totals.revenue), Number(totals.revenue), Number(previous.revenue)],
      ['Orders', formatCount(totals.orders), totals.orders, previous.orders],
      [
        'Average order',
        formatAmount(totals.average_order),
        Number(totals.average_order),
        Number(previous.average_order),
      ],
      [
        'New customers',
        formatCount(totals.new_customers),
        totals.new_customers,
        previous.new_customers,
      ],
    ]
    for (const [title, value, now, before] of expected) {
      await eventually(async () =>
        expect(await card(page, title).textContent()).toBe(
          `${title}${value}${changeOf(now, before).text}vs previous period`,
        ),
      )
    }
    await visible(card(page, 'Top customers').getByRole('link').first())
    await shootBothSchemes(page, 'reports-desktop')
    // The figures are for screen readers, but a keyboard user reaching a link sees them.
    const figures = page.getByRole('table', { name: 'Revenue over time' })
    await figures.getByRole('link').first().focus()
    expect(await figures.getByRole('link').first().evaluate(isOnScreen)).toBe(true)
    await shoot(page, 'reports-desktop-figures-focused')
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())

    // A bar: the orders screen filtered to its day, as many orders as the report counted.
    const canvas = card(page, 'Revenue over time').getByRole('img', {
      name: 'Bar chart: revenue per day',
    })
    await visible(canvas)
    await page.waitForTimeout(1_500)
    await clickTallestBar(canvas)
    await atPath(page, '/dashboard/orders')
    const search = new URL(page.url()).searchParams
    const day = search.get('created_from') ?? ''
    expect(search.get('created_to')).toBe(day)
    await visible(page.getByRole('button', { name: 'Remove filter Created from' }))
    const dayReport = await askApi(page, `from=${day}&to=${day}&tz=${encodeURIComponent(ZONE)}`)
    const orders = dayReport.totals.orders
    expect(orders).toBeGreaterThan(0)
    await visible(page.getByText(new RegExp(`^Showing 1–${Math.min(orders, 25)} of ${orders}$`)))
    await shootBothSchemes(page, 'orders-created-chips-desktop')

    // A preset stays relative in the URL and survives a reload.
    await page.goto('/dashboard/reports')
    await page.getByLabel('Period').selectOption({ label: 'This quarter' })
    await eventually(() => expect(new URL(page.url()).search).toBe('?period=this-quarter'))
    await page.reload()
    await visible(page.getByRole('heading', { name: 'Reports', level: 1 }))
    expect(await page.getByLabel('Period').inputValue()).toBe('this-quarter')
    expect(new URL(page.url()).search).toBe('?period=this-quarter')
    expectNoErrors(errors)
    await context.close()
  })

  it('fits a phone: nothing scrolls sideways, in light and dark', async () => {
    const { context, page, errors } = await openReports(PHONE)
    await visible(card(page, 'Top customers').getByRole('link').first())
    await expectNoSidewaysScroll(page)
    await shootBothSchemes(page, 'reports-phone')
    const day = await busiestDay(page)
    await page.goto(`/dashboard/orders?created_from=${day}&created_to=${day}`)
    await visible(page.getByRole('button', { name: 'Remove filter Created to' }))
    await visible(page.getByText(/^Showing 1–/))
    await expectNoSidewaysScroll(page)
    await shootBothSchemes(page, 'orders-created-chips-phone')
    // A custom range: 'From' and 'To' join the period select, still within the width.
    await page.goto(`/dashboard/reports?from=${addDays(day, -6)}&to=${day}`)
    await visible(page.getByLabel('From'))
    await visible(card(page, 'Top customers').getByRole('link').first())
    await expectNoSidewaysScroll(page)
    await shoot(page, 'reports-custom-phone-light')
    expectNoErrors(errors)
    await context.close()
  })
})
