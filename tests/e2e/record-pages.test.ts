import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPage } from './helpers/browser'
import {
  atPath,
  currentPath,
  dataRows,
  dialog,
  eventually,
  expectNoErrors,
  gone,
  listReady,
  pagerText,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'page.turner', password: 'one-record-at-a-time' }

const product = useProduct({
  cli: [
    ['seed-demo', '--customers', '40', '--orders', '120'],
    ['create-user', '--username', AGENT.username, '--password', AGENT.password],
  ],
})

/** The value under a figure or detail label of a record page ('Orders', 'Total spent'). */
function figure(page: Page, label: string) {
  return page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
}

/** '$12,345.67' → 1234567 (cents). */
const cents = (amount: string) => Math.round(Number(amount.replace(/[$,]/g, '')) * 100)

/** A GET on the API with the page's own session, to know what the screens should show. */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const access = localStorage.getItem('access') ?? ''
    const response = await fetch(url, { headers: { Authorization: `Bearer ${access}` } })
    return (await response.json()) as T
  }, path)
}

interface OrderRow {
  id: number
  status: string
  total_Amount: string
}

async function openOrders(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Orders' })
    .click()
  await atPath(page, '/dashboard/orders')
  await listReady(page, 'Orders')
}

describe('customer and order pages', () => {
  it('opens a customer from the table, adds an order there; its figures and orders update', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Customers' })
      .click()
    await listReady(page, 'Customers')

    const link = dataRows(page).nth(2).getByRole('link')
    const name = (await link.innerText()).trim()
    await link.click()
    await atPath(page, /^\/dashboard\/customers\/\d+$/)
    await visible(page.getByRole('heading', { name, level: 1 }))
    await visible(page.getByRole('table'))
    const count = Number(await figure(page, 'Orders').innerText())
    const spent = cents(await figure(page, 'Total spent').innerText())

    await page.getByRole('button', { name: 'Add Order' }).click()
    const create = dialog(page, 'Add Order')
    await visible(create)
    const id = currentPath(page).split('/').at(-1)
    expect(await create.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe(
      `#${id} ${name}`,
    )
    await create.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Delivered', exact: true }).click()
    await create.getByRole('textbox', { name: 'Total Amount' }).fill('1234.56')
    await create.getByRole('button', { name: 'Create' }).click()
    await visible(page.getByText('Order Created'))
    await gone(create)

    await eventually(async () =>
      expect(await figure(page, 'Orders').innerText()).toBe(String(count + 1)),
    )
    expect(cents(await figure(page, 'Total spent').innerText())).toBe(spent + 123456)
    expect(await figure(page, 'Last order').innerText()).toBe(new Date().toISOString().slice(0, 10))
    // Newest first: the new order heads this customer's table, and only theirs are listed.
    const first = await dataRows(page).first().locator('td').allInnerTexts()
    expect(first.slice(1, 4)).toEqual([name, 'Delivered', '$1,234.56'])
    for (const row of await dataRows(page).all())
      expect((await row.locator('td').allInnerTexts())[1]).toBe(name)
    expect(await pagerText(page).innerText()).toMatch(
      new RegExp(`of ${(count + 1).toLocaleString('en-US')}$`),
    )

    expectNoErrors(errors)
    await context.close()
  })

  it('QA opens /dashboard/orders/{id} signed out, signs in and is back on the order', async () => {
    const { browser, baseURL } = product()
    const first = await openPage(browser, baseURL)
    await signIn(first.page, AGENT.username, AGENT.password)
    const [order] = (await apiGet<{ Orders: OrderRow[] }>(first.page, '/api/orders/?limit=1'))
      .Orders
    await first.context.close()
    expect(order).toBeDefined()
    const path = `/dashboard/orders/${order?.id}`

    const { context, page, errors } = await openPage(browser, baseURL)
    await page.goto(path)
    await atPath(page, '/login')
    expect(currentPath(page)).toBe(`/login?redirect=${encodeURIComponent(path)}`)
    await signIn(page, AGENT.username, AGENT.password, { goto: false, landing: path })
    await visible(page.getByRole('heading', { name: `ORD-${order?.id}`, level: 1 }))
    expect(await figure(page, 'Status').innerText()).toBe(order?.status)
    expect(cents(await figure(page, 'Amount').innerText())).toBe(cents(order?.total_Amount ?? ''))

    expectNoErrors(errors)
    await context.close()
  })

  it('sorts the orders by amount, descending: the first row is the largest order, after a reload too', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await openOrders(page)

    const header = page.getByRole('columnheader', { name: 'Total Amount' })
    await header.getByRole('button').click()
    await visible(page.locator('th[aria-sort=ascending]', { hasText: 'Total Amount' }))
    await header.getByRole('button').click()
    await visible(page.locator('th[aria-sort=descending]', { hasText: 'Total Amount' }))
    await atPath(page, /^\/dashboard\/orders\?sort=-total_Amount$/)
    await gone(page.locator('tbody[aria-busy=true]'))

    const { Orders: all } = await apiGet<{ Orders: OrderRow[] }>(page, '/api/orders/')
    const largest = Math.max(...all.map((o) => cents(o.total_Amount)))
    const amounts = async () =>
      Promise.all(
        (await dataRows(page).all()).map(async (row) =>
          cents(await row.locator('td').nth(3).innerText()),
        ),
      )
    await eventually(async () => expect((await amounts())[0]).toBe(largest))
    const shown = await amounts()
    expect(shown).toEqual([...shown].sort((a, b) => b - a))

    await page.reload()
    await listReady(page, 'Orders')
    await visible(page.locator('th[aria-sort=descending]', { hasText: 'Total Amount' }))
    expect((await amounts())[0]).toBe(largest)

    expectNoErrors(errors)
    await context.close()
  })

  it('filters the orders to Pending, kept in the URL across a reload', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await openOrders(page)
    const { count } = await apiGet<{ count: number }>(page, '/api/orders/?status=Pending&limit=1')
    expect(count).toBeGreaterThan(0)

    await page.getByRole('radiogroup', { name: 'Status' }).getByText('Pending').click()
    await atPath(page, /^\/dashboard\/orders\?status=Pending$/)
    const expected = `Showing 1–${Math.min(25, count)} of ${count.toLocaleString('en-US')}`
    const onlyPending = async () => {
      await eventually(async () => expect(await pagerText(page).innerText()).toBe(expected))
      await gone(page.locator('tbody[aria-busy=true]'))
      const statuses = await Promise.all(
        (await dataRows(page).all()).map((row) => row.locator('td').nth(2).innerText()),
      )
      expect(statuses.length).toBe(Math.min(25, count))
      expect(new Set(statuses)).toEqual(new Set(['Pending']))
    }
    await onlyPending()

    await page.reload()
    await listReady(page, 'Orders')
    expect(currentPath(page)).toBe('/dashboard/orders?status=Pending')
    expect(await page.getByRole('radio', { name: 'Pending' }).isChecked()).toBe(true)
    await onlyPending()

    expectNoErrors(errors)
    await context.close()
  })
})
