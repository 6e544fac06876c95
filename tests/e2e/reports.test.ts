import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import type { SalesReport } from '../../src/shared/reports'
import { addDays, todayIn } from '../../src/shared/days'
import { changeOf } from '../../src/client/features/reports/change'
import { formatAmount, formatCount } from '../../src/client/lib/format'
import { DESKTOP, openPage, PHONE, screenshot } from './helpers/browser'
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
  it("shows the API's figures for the browser's time zone on the four cards", async () => {
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
    expectNoErrors(errors)
    await context.close()
  })

  it('keeps a preset after a reload, as the same relative preset', async () => {
    const { context, page, errors } = await openReports()
    await page.getByLabel('Period').selectOption({ label: 'This quarter' })
    await eventually(() => expect(new URL(page.url()).search).toBe('?period=this-quarter'))
    await page.reload()
    await visible(page.getByRole('heading', { name: 'Reports', level: 1 }))
    expect(await page.getByLabel('Period').inputValue()).toBe('this-quarter')
    expect(new URL(page.url()).search).toBe('?period=this-quarter')
    expectNoErrors(errors)
    await context.close()
  })

  it("opens a bar's orders: the orders screen filtered to its interval", async () => {
    const { context, page, errors } = await openReports()
    const chart = card(page, 'Revenue over time')
    const canvas = chart.getByRole('img', { name: 'Bar chart: revenue per day' })
    await visible(canvas)
    // The bars grow in over about a second.
    await page.waitForTimeout(1_500)
    await clickTallestBar(canvas)
    await atPath(page, '/dashboard/orders')
    const search = new URL(page.url()).searchParams
    const day = search.get('created_from') ?? ''
    expect(search.get('created_to')).toBe(day)
    await visible(page.getByRole('button', { name: 'Remove filter Created from' }))
    const report = await askApi(page, `from=${day}&to=${day}&tz=${encodeURIComponent(ZONE)}`)
    const orders = report.totals.orders
    expect(orders).toBeGreaterThan(0)
    await visible(page.getByText(new RegExp(`^Showing 1–${Math.min(orders, 25)} of ${orders}$`)))
    expectNoErrors(errors)
    await context.close()
  })

  it('looks right on a desktop and a phone, light and dark', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page, errors } = await openReports(viewport)
      await visible(card(page, 'Top customers').getByRole('link').first())
      for (const dark of [false, true]) {
        await setDarkMode(page, dark)
        await page.waitForTimeout(1_500)
        const shot = `reports-${name}-${dark ? 'dark' : 'light'}`
        await page.evaluate(() => window.scrollTo(0, 0))
        await screenshot(page, shot)
        await card(page, 'Revenue by city').scrollIntoViewIfNeeded()
        await screenshot(page, `${shot}-charts`)
        await card(page, 'Top customers').scrollIntoViewIfNeeded()
        await screenshot(page, `${shot}-customers`)
      }
      expectNoErrors(errors)
      await context.close()
    }
  })
})
