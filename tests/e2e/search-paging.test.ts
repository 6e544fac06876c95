import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPage } from './helpers/browser'
import {
  atPath,
  currentPath,
  dataRows,
  eventually,
  expectNoErrors,
  gone,
  listReady,
  pagerText,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'big.book', password: 'three-thousand-rows' }

// A database with a few thousand customers, made with the operator command line.
const product = useProduct({
  cli: [
    ['seed-demo', '--customers', '3000', '--orders', '500'],
    ['create-user', '--username', AGENT.username, '--password', AGENT.password],
  ],
})

/** Each data row's cell texts joined, as a person reads the table. */
async function rowTexts(page: Page): Promise<string[]> {
  const rows = await dataRows(page).all()
  return Promise.all(rows.map(async (row) => (await row.locator('td').allInnerTexts()).join(' | ')))
}

/** Waits for the pager to say `expected` (a new page or search has arrived, not the old rows dimmed). */
async function pagerSays(page: Page, expected: string | RegExp): Promise<string> {
  return eventually(async () => {
    const text = await pagerText(page).innerText()
    if (typeof expected === 'string') expect(text).toBe(expected)
    else expect(text).toMatch(expected)
    expect(await page.locator('tbody[aria-busy=true]').count()).toBe(0)
    return text
  })
}

/**
 * Does something that changes the list (types a search, clicks a page) and waits for the
 * list call it causes to be answered, so the rows read next are the new ones.
 */
async function listAfter(
  page: Page,
  list: 'customers' | 'orders',
  expected: { search?: string; offset?: number },
  action: () => Promise<void>,
): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url())
    if (url.pathname !== `/api/${list}/` || !url.searchParams.has('limit')) return false
    return (
      (url.searchParams.get('search') ?? '') === (expected.search ?? '') &&
      Number(url.searchParams.get('offset') ?? 0) === (expected.offset ?? 0)
    )
  })
  await action()
  await answered
}

const totalOf = (pager: string) => Number(/of ([\d,]+)$/.exec(pager)?.[1]?.replace(/,/g, ''))

describe('search and paging over thousands of rows', () => {
  it('customers: a search finds only matching rows and changes the count; page 2 shows other rows', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Customers' })
      .click()
    await listReady(page, 'Customers')
    await pagerSays(page, 'Showing 1–25 of 3,000')
    const firstPage = await rowTexts(page)
    expect(firstPage).toHaveLength(25)

    // Page 2: 25 other customers.
    await listAfter(page, 'customers', { offset: 25 }, () =>
      page.getByRole('button', { name: 'Page 2', exact: true }).click(),
    )
    await pagerSays(page, 'Showing 26–50 of 3,000')
    expect(currentPath(page)).toBe('/dashboard/customers?page=2')
    const secondPage = await rowTexts(page)
    expect(secondPage).toHaveLength(25)
    expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([])

    // Search for the last name of someone on the first page.
    const lastName = (firstPage[0] ?? '').split(' | ')[0]?.split(' ').at(-1) ?? ''
    expect(lastName.length).toBeGreaterThan(2)
    await listAfter(page, 'customers', { search: lastName }, () =>
      page.getByRole('searchbox', { name: 'Search Customer' }).fill(lastName),
    )
    // Not the unsearched total: the answer is in, but the screen may not show it yet.
    const found = await pagerSays(page, /^Showing 1–\d+ of (?!3,000$)[\d,]+$/)
    const matches = totalOf(found)
    expect(matches).toBeGreaterThan(0)
    expect(matches).toBeLessThan(3000)
    await atPath(page, new RegExp(`^/dashboard/customers\\?search=${lastName}$`))
    const hits = await rowTexts(page)
    expect(hits.length).toBe(Math.min(25, matches))
    for (const row of hits) expect(row.toLowerCase()).toContain(lastName.toLowerCase())

    // More than one page of them: page 2 of the search shows other matches.
    if (matches > 25) {
      await listAfter(page, 'customers', { search: lastName, offset: 25 }, () =>
        page.getByRole('button', { name: 'Page 2', exact: true }).click(),
      )
      await pagerSays(
        page,
        `Showing 26–${Math.min(50, matches)} of ${matches.toLocaleString('en-US')}`,
      )
      const more = await rowTexts(page)
      expect(more.filter((row) => hits.includes(row))).toEqual([])
      for (const row of more) expect(row.toLowerCase()).toContain(lastName.toLowerCase())
    }

    // A term nobody has: no rows, and the count says so.
    await listAfter(page, 'customers', { search: 'zz-nobody-has-this' }, () =>
      page.getByRole('searchbox', { name: 'Search Customer' }).fill('zz-nobody-has-this'),
    )
    await pagerSays(page, 'Showing 0 of 0')
    await visible(page.getByText('No results.'))

    // Clearing the search brings everyone back.
    await page.getByRole('searchbox', { name: 'Search Customer' }).fill('')
    await pagerSays(page, 'Showing 1–25 of 3,000')
    expect(currentPath(page)).toBe('/dashboard/customers')

    expectNoErrors(errors)
    await context.close()
  })

  it('orders: a search by customer name finds only their orders; page 2 shows other rows', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Orders' })
      .click()
    await listReady(page, 'Orders')
    await pagerSays(page, 'Showing 1–25 of 500')
    const firstPage = await rowTexts(page)

    await listAfter(page, 'orders', { offset: 25 }, () =>
      page.getByRole('button', { name: 'Page 2', exact: true }).click(),
    )
    await pagerSays(page, 'Showing 26–50 of 500')
    const secondPage = await rowTexts(page)
    expect(secondPage).toHaveLength(25)
    expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([])

    // The customer of the first order on page 1, searched by their name.
    const customer = (firstPage[0] ?? '').split(' | ')[1] ?? ''
    expect(customer).not.toBe('Unknown Customer')
    await listAfter(page, 'orders', { search: customer }, () =>
      page.getByRole('searchbox', { name: 'Search Order' }).fill(customer),
    )
    const found = await pagerSays(page, /^Showing 1–\d+ of (?!500$)[\d,]+$/)
    expect(totalOf(found)).toBeGreaterThan(0)
    expect(totalOf(found)).toBeLessThan(500)
    for (const row of await rowTexts(page)) expect(row.split(' | ')[1]).toContain(customer)

    // By order id, as shown in the table.
    const orderId = (secondPage[3] ?? '').split(' | ')[0] ?? ''
    await listAfter(page, 'orders', { search: orderId }, () =>
      page.getByRole('searchbox', { name: 'Search Order' }).fill(orderId),
    )
    await pagerSays(page, 'Showing 1–1 of 1')
    expect((await rowTexts(page))[0]?.split(' | ')[0]).toBe(orderId)

    await listAfter(page, 'orders', { search: 'zz-no-such-order' }, () =>
      page.getByRole('searchbox', { name: 'Search Order' }).fill('zz-no-such-order'),
    )
    await pagerSays(page, 'Showing 0 of 0')
    await gone(dataRows(page))

    expectNoErrors(errors)
    await context.close()
  })
})
