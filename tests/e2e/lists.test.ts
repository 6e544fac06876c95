import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { DESKTOP, PHONE, openPage, screenshot, type OpenedPage } from './helpers/browser'
import {
  dialog,
  eventually,
  expectNoErrors,
  failedResource,
  gone,
  setDarkMode,
  settled,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const AGENT = { username: 'lists.agent', password: 'works-through-lists' }
const OTHER = { username: 'lists.other', password: 'sees-the-same-lists' }
const MOVER = { username: 'lists.mover', password: 'moves-until-refused' }
const ADMIN = { username: 'lists.admin', password: 'changes-the-roles' }
const user = (who: typeof AGENT, role = 'Agent') => [
  'create-user',
  ...['--username', who.username, '--password', who.password, '--role', role],
]
const product = useProduct({
  cli: [user(AGENT), user(OTHER), user(MOVER), user(ADMIN, 'Admin')],
})

/** BEYOND.md "Live": another agent's screen shows a change within two seconds. */
const LIVE = 2_000

async function apiAs(who: typeof AGENT) {
  const { baseURL } = product()
  const signed = await fetch(`${baseURL}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  })
  const { access } = (await signed.json()) as { access: string }
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true)
    return (await res.json()) as T
  }
}

async function as(who: typeof AGENT, path: string): Promise<OpenedPage> {
  const { browser, baseURL } = product()
  const opened = await openPage(browser, baseURL)
  await signIn(opened.page, who.username, who.password)
  await opened.page.goto(path)
  return opened
}

const column = (page: Page, status: string) => page.getByRole('region', { name: status })
const card = (page: Page, status: string, label: string) =>
  column(page, status).getByRole('link', { name: label, exact: true })

/** Drags `from` onto `to` with the mouse, in small steps as a hand does. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 20)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 + 20, { steps: 5 })
  await page.mouse.move(b.x + b.width / 2, b.y + 120, { steps: 15 })
  await page.mouse.up()
}

let orders: number[] = []

beforeAll(async () => {
  const api = await apiAs(AGENT)
  for (let i = 1; i <= 30; i += 1) {
    const n = String(i).padStart(2, '0')
    const created = await api<{ id: number }>('POST', '/customers/', {
      ...{ name: `Bulk ${n}`, email: `bulk${n}@example.com`, city: 'Bulkton', country: 'Norway' },
    })
    if (i <= 3) {
      const order = await api<{ id: number }>('POST', '/orders/', {
        ...{ customer: created.id, status: 'Pending', total_Amount: `${i}00.00` },
      })
      orders.push(order.id)
    }
  }
  orders = orders.sort((x, y) => x - y)
})

describe('working through lists', () => {
  it('moves a card by mouse and by keyboard, and another agent sees it move', async () => {
    const mine = await as(AGENT, '/dashboard/orders?view=board')
    const theirs = await as(OTHER, '/dashboard/orders?view=board')
    const [first, second] = orders.map((id) => `ORD-${id}`)
    await visible(card(mine.page, 'Pending', first!))
    await visible(card(theirs.page, 'Pending', first!))

    await drag(mine.page, card(mine.page, 'Pending', first!), column(mine.page, 'Delivered'))
    await visible(card(mine.page, 'Delivered', first!))
    await visible(card(theirs.page, 'Delivered', first!), LIVE + 3_000)

    await mine.page.getByRole('button', { name: `Move ${second!}` }).focus()
    // What a screen reader hears says when the card is picked up and where it is.
    const heard = mine.page.locator('[id^=DndLiveRegion]')
    await mine.page.keyboard.press('Space')
    await visible(heard.getByText(`${second!} is over Pending.`))
    // dnd-kit's keyboard sensor starts listening for the arrow keys in a task it queues as
    // the card is picked up (setTimeout 0); a key pressed before that task runs is lost, as
    // happened on a loaded machine. A task queued now runs after it.
    await mine.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await mine.page.keyboard.press('ArrowRight')
    await visible(heard.getByText(`${second!} is over Out for delivery.`))
    await mine.page.keyboard.press('Space')
    await visible(card(mine.page, 'Out for delivery', second!))
    await visible(card(theirs.page, 'Out for delivery', second!), LIVE + 3_000)
    await settled(mine.page)
    for (const [size, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      await mine.page.setViewportSize(size)
      for (const dark of [false, true]) {
        await setDarkMode(mine.page, dark)
        await screenshot(mine.page, `issue26/board-${name}-${dark ? 'dark' : 'light'}`)
      }
    }
    await mine.context.close()
    await theirs.context.close()
  })

  it('puts a move the server refuses back in its column, with the error', async () => {
    const mover = await as(MOVER, '/dashboard/orders?view=board')
    const third = `ORD-${orders[2]!}`
    await visible(card(mover.page, 'Pending', third))
    // An Admin makes the mover a Tester while the board is open: the page still offers the
    // move (it knew the old role), and the server refuses it.
    const admin = await apiAs(ADMIN)
    const found = await admin<{ Agents: { id: number }[] }>(
      'GET',
      `/agents/?search=${MOVER.username}`,
    )
    await admin('PUT', `/agents/${found.Agents[0]!.id}/role/`, { role: 'Tester' })

    await drag(mover.page, card(mover.page, 'Pending', third), column(mover.page, 'Delivered'))
    await visible(
      mover.page.getByText('Your role may read customers and orders but not change them.'),
    )
    await visible(card(mover.page, 'Pending', third))
    expect(await card(mover.page, 'Delivered', third).count()).toBe(0)
    expectNoErrors(mover.errors, [
      { pattern: failedResource(403), because: 'the move after the demotion is refused' },
    ])
    await mover.context.close()
  })

  it('keeps a filter in the URL, saves it as a shared view another agent opens', async () => {
    const mine = await as(AGENT, '/dashboard/customers')
    const page = mine.page
    await page.getByRole('button', { name: 'Filters' }).click()
    await page.getByLabel('City').fill('Bulkton')
    await eventually(() => expect(page.url()).toContain('city=Bulkton'))
    await page.keyboard.press('Escape')
    await page.reload()
    await visible(page.getByRole('button', { name: 'Remove filter City' }))
    await visible(page.getByText('Showing 1–25 of 30'))

    await page.getByRole('button', { name: 'Save view' }).click()
    const save = dialog(page, 'Save view')
    await save.getByLabel('Name').fill('Bulkton team')
    await save.getByLabel('Share with the team').check()
    await save.getByRole('button', { name: 'Save' }).click()
    await visible(page.getByRole('tab', { name: 'Bulkton team', selected: true }))
    await settled(page)
    await shots(page, 'filters-views')

    const theirs = await as(OTHER, '/dashboard/customers')
    await theirs.page.getByRole('tab', { name: 'Bulkton team' }).click()
    await eventually(() => expect(theirs.page.url()).toContain('city=Bulkton'))
    await visible(theirs.page.getByText('Showing 1–25 of 30'))
    await theirs.context.close()
    await mine.context.close()
  })

  it('deletes 30 customers at once and Undo brings them back', async () => {
    const { page, context } = await as(AGENT, '/dashboard/customers?city=Bulkton')
    await visible(page.getByText('Showing 1–25 of 30'))
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
    await page.getByRole('button', { name: 'Select all 30 matching' }).click()
    await visible(page.getByText('30 selected'))
    await settled(page)
    await shots(page, 'bulk-bar')
    await page.setViewportSize(DESKTOP)
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Delete' })
      .click()
    const ask = dialog(page, 'Delete')
    await visible(ask.getByText('Delete 30 customers?'))
    await ask.getByRole('button', { name: 'Delete' }).click()
    await gone(ask)
    await visible(page.getByText('No customers match.'))
    await page.getByRole('button', { name: 'Undo' }).click()
    await visible(page.getByText('30 customers restored'))
    await visible(page.getByText('Showing 1–25 of 30'))
    await context.close()
  })
})

/** Desktop and phone, light and dark, under test-results/screenshots/issue26/. */
async function shots(page: Page, name: string) {
  for (const [size, label] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(size)
    for (const dark of [false, true]) {
      await setDarkMode(page, dark)
      await screenshot(page, `issue26/${name}-${label}-${dark ? 'dark' : 'light'}`)
    }
  }
  await setDarkMode(page, false)
}
