import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPage } from './helpers/browser'
import {
  atPath,
  dataRows,
  dialog,
  eventually,
  expectNoErrors,
  gone,
  listReady,
  pagerText,
  settled,
  signIn,
  uniqueSuffix,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'data.mover', password: 'rows-in-and-rows-out' }

const product = useProduct({
  cli: [
    ['seed-demo', '--customers', '30', '--orders', '140'],
    ['create-user', '--username', AGENT.username, '--password', AGENT.password],
  ],
})

const files = mkdtempSync(path.join(tmpdir(), 'crm-e2e-csv-'))
afterAll(() => rmSync(files, { recursive: true, force: true }))

/** The number after 'of' in 'Showing 1–25 of 1,234'. */
async function listCount(page: Page): Promise<number> {
  const text = await pagerText(page).innerText()
  return Number(/of ([\d,]+)$/.exec(text)?.[1]?.replace(/,/g, ''))
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text })

describe('CSV export and import', () => {
  it('exports the filtered orders: the file has every row the screen counts, in its order', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await page.goto('/dashboard/orders?status=Pending&sort=-total_Amount')
    await listReady(page, 'Orders')
    const count = await listCount(page)
    // More than one page: the file holds them all, not the page on screen.
    expect(count).toBeGreaterThan(25)
    const firstShown = (await dataRows(page).first().locator('td').first().innerText()).trim()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
    await visible(toast(page, `Downloaded ${download.suggestedFilename()}`))
    const saved = path.join(files, download.suggestedFilename())
    await download.saveAs(saved)
    const rows = parse<Record<string, string>>(readFileSync(saved, 'utf8'), { columns: true })
    expect(rows).toHaveLength(count)
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Pending']))
    expect(`ORD-${rows[0]?.id}`).toBe(firstShown)
    const amounts = rows.map((r) => Number(r.total_Amount))
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a))

    expectNoErrors(errors)
    await context.close()
  })

  it('imports a file with two bad rows: the preview shows them, the valid rows are imported', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await page.goto('/dashboard/customers')
    await listReady(page, 'Customers')
    const before = await listCount(page)

    const tag = uniqueSuffix()
    const file = path.join(files, 'new-customers.csv')
    writeFileSync(
      file,
      [
        'Name,Email,City,Country,Phone,Notes',
        `Imported One ${tag},one.${tag}@example.com,Oslo,Norway,+47 22 00 00 00,first`,
        `Imported Two ${tag},not-an-email,Rome,Italy,,bad email`,
        `,nobody.${tag}@example.com,Lima,Peru,,no name`,
        `"Imported, Three ${tag}",three.${tag}@example.com,Kyiv,Ukraine,,comma in name`,
      ].join('\r\n'),
    )

    await page.getByRole('button', { name: 'Import CSV' }).click()
    const importer = dialog(page, 'Import customers')
    // Once the dialog has finished opening: a click on 'CSV file' while it still moved
    // opened no file chooser in a CI run.
    await visible(importer)
    await settled(page)
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      importer.getByRole('button', { name: 'CSV file' }).click(),
    ])
    await chooser.setFiles(file)
    await visible(importer.getByText('2 rows valid'))
    await visible(importer.getByText('2 rows invalid'))
    await visible(importer.getByText('Line 3, email: Enter a valid email address.'))
    await visible(importer.getByText('Line 4, name: Enter a name.'))
    await visible(
      importer.getByText(/^Columns found: Name, Email, City, Country, Phone \(ignored: Notes\)$/),
    )
    const preview = importer.getByRole('table', { name: 'The first 4 rows of the file' })
    await visible(preview.getByRole('cell', { name: `Imported, Three ${tag}` }))

    await importer.getByRole('button', { name: 'Import 2 valid rows, skip 2' }).click()
    await visible(toast(page, 'Imported 2 customers, skipped 2'))
    await gone(importer)
    await eventually(async () => expect(await listCount(page)).toBe(before + 2))
    await page.getByRole('searchbox', { name: 'Search Customer' }).fill(tag)
    await atPath(page, /search=/)
    // The first column holds the bulk-change checkboxes; the names are in the second.
    await eventually(async () =>
      expect((await dataRows(page).locator('td:nth-child(2)').allInnerTexts()).sort()).toEqual([
        `Imported One ${tag}`,
        `Imported, Three ${tag}`,
      ]),
    )

    expectNoErrors(errors)
    await context.close()
  })
})
