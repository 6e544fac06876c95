import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations, isSerious } from './helpers/axe'
import { DESKTOP, PHONE, openPage, screenshot } from './helpers/browser'
import {
  atPath,
  dataRows,
  dialog,
  expectNoErrors,
  gone,
  listReady,
  overviewReady,
  setDarkMode,
  settled,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'screen.reader', password: 'every-screen-checked' }
const ADMIN = { username: 'screen.admin', password: 'every-team-checked' }

// Demo data so that tables, charts and pickers have something to show.
const product = useProduct({
  cli: [
    ['seed-demo'],
    [
      'create-user',
      '--username',
      AGENT.username,
      '--password',
      AGENT.password,
      '--email',
      'reader@example.com',
    ],
    ['create-user', '--username', ADMIN.username, '--password', ADMIN.password, '--role', 'Admin'],
  ],
})

// The file the import dialog's screenshots are taken with: two rows, one of them invalid.
const files = mkdtempSync(path.join(tmpdir(), 'crm-e2e-a11y-'))
afterAll(() => rmSync(files, { recursive: true, force: true }))

type Mode = 'light' | 'dark'

/** Serious rules allowed to stay (none: the product meets them all). */
const KNOWN_PRODUCT_ISSUES: Record<string, string> = {}

/**
 * Every screen of the product, in light and dark mode: a screenshot
 * (test-results/screenshots/<screen>-<viewport>-<mode>.png) and an axe run, with one line
 * per screen in the run log. Serious and critical violations fail the test at the end,
 * after all screens have been seen, so one run reports them all.
 */
function screenChecker(page: Page, viewport: 'desktop' | 'phone') {
  const serious: string[] = []
  const knownSeen = new Set<string>()
  let mode: Mode = 'light'
  return {
    serious,
    knownSeen,
    async dark(on: boolean) {
      await setDarkMode(page, on)
      mode = on ? 'dark' : 'light'
    },
    /** For pages reached by a full load (the theme is not persisted: always light then). */
    loaded() {
      mode = 'light'
    },
    async check(screen: string) {
      await settled(page)
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        mode === 'dark',
      )
      await screenshot(page, `${screen}-${viewport}-${mode}`)
      const all = await axeViolations(page)
      const bad = all.filter(isSerious)
      const known = bad.filter((v) => v.id in KNOWN_PRODUCT_ISSUES)
      const other = bad.filter((v) => !(v.id in KNOWN_PRODUCT_ISSUES))
      for (const v of known) knownSeen.add(v.id)
      const list = (vs: typeof all) => vs.map((v) => `${v.id}×${v.targets.length}`).join(', ')
      console.log(
        [
          `axe: ${screen.padEnd(15)} ${viewport.padEnd(7)} ${mode.padEnd(5)}`,
          `violations ${all.length}`,
          `serious/critical ${bad.length}`,
          `(known product issues: ${list(known) || 'none'}; other: ${list(other) || 'none'})`,
          all.length > bad.length ? `minor: ${list(all.filter((v) => !isSerious(v)))}` : '',
        ]
          .filter(Boolean)
          .join(' | '),
      )
      for (const v of other) {
        serious.push(
          `${screen} ${viewport} ${mode}: ${v.id} (${v.impact}) ${v.help} at ${v.targets.join(', ')}`,
        )
      }
    },
  }
}

const landingHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Build stronger customer relationships' })

async function everyScreen(viewport: 'desktop' | 'phone') {
  const { browser, baseURL } = product()
  const { context, page, errors } = await openPage(browser, baseURL, {
    viewport: viewport === 'phone' ? PHONE : DESKTOP,
  })
  const screens = screenChecker(page, viewport)

  // Public screens. Login, register and not-found have no switch of their own: dark mode
  // reaches them the way a person gets there, by moving on from a page that has one.
  await page.goto('/')
  screens.loaded()
  await visible(landingHeading(page))
  await screens.check('landing')
  await screens.dark(true)
  await screens.check('landing')
  await page.getByRole('link', { name: 'Get Started' }).click()
  await visible(page.getByRole('heading', { name: 'Register' }))
  await screens.check('register')
  await page.getByRole('link', { name: 'Login here' }).click()
  await visible(page.getByRole('heading', { name: 'Login' }))
  await screens.check('login')

  await page.goto('/login')
  screens.loaded()
  await visible(page.getByRole('heading', { name: 'Login' }))
  await screens.check('login')
  await page.getByRole('link', { name: 'Register here' }).click()
  await visible(page.getByRole('heading', { name: 'Register' }))
  await screens.check('register')

  await page.goto('/nope')
  screens.loaded()
  await visible(page.getByRole('heading', { name: 'Page Not Found' }))
  await screens.check('not-found')
  await page.getByRole('link', { name: 'Back to home' }).click()
  await visible(landingHeading(page))
  await screens.dark(true)
  await page.goBack()
  await visible(page.getByRole('heading', { name: 'Page Not Found' }))
  await screens.check('not-found')

  // The dashboard, each screen loaded afresh (light), then switched to dark.
  await signIn(page, AGENT.username, AGENT.password)
  screens.loaded()
  const overview = async () => {
    await overviewReady(page)
    await visible(page.getByText('Total Orders: 120'))
    await visible(page.getByRole('list', { name: 'Customer Distribution data' }))
    // Chart.js draws its canvas over about a second; wait for the finished picture.
    await page.waitForTimeout(1_200)
  }
  await overview()
  await screens.check('overview')
  await screens.dark(true)
  await page.waitForTimeout(300)
  await screens.check('overview')

  for (const list of [
    {
      screen: 'customers',
      path: '/dashboard/customers',
      heading: 'Customers',
      add: 'Add',
      modal: 'Add Customer',
    },
    {
      screen: 'orders',
      path: '/dashboard/orders',
      heading: 'Orders',
      add: 'Add Order',
      modal: 'Add Order',
    },
  ] as const) {
    await page.goto(list.path)
    screens.loaded()
    await listReady(page, list.heading)
    await visible(page.getByText(/^Showing 1–25 of \d+$/))
    for (const dark of [false, true]) {
      if (dark) await screens.dark(true)
      await screens.check(list.screen)
      await page.getByRole('button', { name: list.add, exact: true }).click()
      const modal = dialog(page, list.modal)
      await visible(modal)
      await visible(modal.getByRole('button', { name: 'Create' }))
      await screens.check(`${list.screen === 'customers' ? 'customer' : 'order'}-create`)
      await modal.getByRole('button', { name: 'Cancel' }).click()
      await gone(modal)
    }
  }

  // A customer's page (reached from an order's customer, so it has orders), then an
  // order's page from that customer's table.
  await page.goto('/dashboard/orders')
  screens.loaded()
  await listReady(page, 'Orders')
  const customer = dataRows(page).first().getByRole('link').nth(1)
  const name = (await customer.innerText()).trim()
  await customer.click()
  await visible(page.getByRole('heading', { name, level: 1 }))
  await listReady(page, name)
  await visible(page.getByText(/^Showing 1–\d+ of \d+$/))
  await screens.check('customer-page')
  await screens.dark(true)
  await screens.check('customer-page')
  const order = dataRows(page).first().getByRole('link').first()
  const label = (await order.innerText()).trim()
  await order.click()
  await visible(page.getByRole('heading', { name: label, level: 1 }))
  await screens.check('order-page')
  await page.reload()
  screens.loaded()
  await visible(page.getByRole('heading', { name: label, level: 1 }))
  await screens.check('order-page')

  await page.goto('/dashboard/settings')
  screens.loaded()
  await visible(page.getByRole('heading', { name: 'Update Password' }))
  await screens.check('settings')
  await screens.dark(true)
  await screens.check('settings')

  await page.goto('/dashboard/account')
  screens.loaded()
  await visible(page.getByText('Upload picture'))
  await visible(page.locator('input[type=email][value="reader@example.com"]'))
  await screens.check('account')
  await screens.dark(true)
  await screens.check('account')
  await atPath(page, '/dashboard/account')

  for (const dark of [false, true]) await importDialog(page, screens, dark)

  // The demo data has no history (seed-demo writes none): the imports above are in it,
  // and an edit and a delete, so that a row offers 'Restore'.
  await changeSomething(page)
  await page.goto('/dashboard/history')
  screens.loaded()
  await listReady(page, 'History')
  await visible(page.getByRole('button', { name: 'Restore' }))
  await screens.check('history')
  await screens.dark(true)
  await screens.check('history')

  for (const id of Object.keys(KNOWN_PRODUCT_ISSUES)) {
    if (!screens.knownSeen.has(id))
      console.log(
        `axe: known issue '${id}' no longer seen on ${viewport}: remove it from KNOWN_PRODUCT_ISSUES`,
      )
  }
  const team = await teamScreen(viewport)
  expect(
    [...screens.serious, ...team.serious],
    'serious or critical accessibility violations',
  ).toEqual([])
  expectNoErrors(errors)
  expectNoErrors(team.errors)
  await context.close()
}

/**
 * The import dialog's three states: the file choice, the preview, and the progress bar
 * (the import request is held by the test until the screenshot is taken).
 */
async function importDialog(page: Page, screens: ReturnType<typeof screenChecker>, dark: boolean) {
  await page.goto('/dashboard/customers')
  screens.loaded()
  await listReady(page, 'Customers')
  if (dark) await screens.dark(true)
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const importer = dialog(page, 'Import customers')
  await visible(importer.getByRole('link', { name: 'Download a template' }))
  await screens.check('import-choose')

  const file = path.join(files, 'customers.csv')
  writeFileSync(
    file,
    'name,email,city,country,phone\r\nImported Reader,reader.import@example.com,Leeds,United Kingdom,+44 20 7946 0916\r\nBroken Row,not-an-email,Oslo,Norway,\r\n',
  )
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    importer.getByRole('button', { name: 'CSV file' }).click(),
  ])
  await chooser.setFiles(file)
  await visible(importer.getByText('1 row invalid'))
  await screens.check('import-preview')

  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const isImport = (url: URL) =>
    url.pathname === '/api/customers/import/' && !url.searchParams.has('dry_run')
  await page.route(isImport, async (route) => {
    await held
    await route.continue()
  })
  await importer.getByRole('button', { name: 'Import 1 valid row, skip 1' }).click()
  await visible(importer.getByRole('progressbar', { name: 'Importing 1 customer...' }))
  await screens.check('import-progress')
  release()
  await gone(importer)
  await page.unroute(isImport)
}

/** An edit of one customer and the delete of another, made through the API as the page's agent. */
async function changeSomething(page: Page): Promise<void> {
  const ok = await page.evaluate(async () => {
    const headers = {
      Authorization: `Bearer ${localStorage.getItem('access') ?? ''}`,
      'Content-Type': 'application/json',
    }
    const list = await fetch('/api/customers/?limit=2', { headers })
    const {
      Customers: [edited, deleted],
    } = (await list.json()) as {
      Customers: { id: number; name: string; city: string }[]
    }
    if (!edited || !deleted) return false
    const put = await fetch(`/api/customers/${edited.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...edited, city: `${edited.city} North` }),
    })
    const remove = await fetch(`/api/customers/${deleted.id}`, { method: 'DELETE', headers })
    return put.ok && remove.ok
  })
  expect(ok).toBe(true)
}

/** The team screen, seen by an Admin in a session of their own. */
async function teamScreen(viewport: 'desktop' | 'phone') {
  const { browser, baseURL } = product()
  const { context, page, errors } = await openPage(browser, baseURL, {
    viewport: viewport === 'phone' ? PHONE : DESKTOP,
  })
  const screens = screenChecker(page, viewport)
  await signIn(page, ADMIN.username, ADMIN.password)
  await page.goto('/dashboard/team')
  screens.loaded()
  await listReady(page, 'Team')
  await visible(dataRows(page).getByText(AGENT.username, { exact: true }))
  await screens.check('team')
  await screens.dark(true)
  await screens.check('team')
  await context.close()
  return { serious: screens.serious, errors }
}

describe('every screen, light and dark: screenshots and axe', () => {
  it('on a desktop (1280x800)', () => everyScreen('desktop'))
  it('on a phone (390x844)', () => everyScreen('phone'))
})
