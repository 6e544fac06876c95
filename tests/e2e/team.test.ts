import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { seriousViolations } from './helpers/axe'
import { DESKTOP, PHONE, openPage, screenshot } from './helpers/browser'
import {
  atPath,
  dataRows,
  dialog,
  expectNoErrors,
  failedResource,
  focusWithin,
  gone,
  listReady,
  overviewReady,
  setDarkMode,
  settled,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const ADMIN = { username: 'team.lead', password: 'runs-the-whole-team' }
const DEMOTED = { username: 'soon.tester', password: 'about-to-be-a-tester' }
const LEAVING = { username: 'moving.on', password: 'last-day-at-work' }
const AGENT = { username: 'just.an.agent', password: 'no-team-for-me' }
/** Added through the team screen's dialog, not the command line. */
const NEWCOMER = {
  username: 'first.week',
  email: 'first.week@example.com',
  password: 'hello-new-desk-42',
}

const product = useProduct({
  cli: [
    ['seed-demo', '--customers', '6', '--orders', '6'],
    ['create-user', '--username', ADMIN.username, '--password', ADMIN.password, '--role', 'Admin'],
    ['create-user', '--username', DEMOTED.username, '--password', DEMOTED.password],
    ['create-user', '--username', LEAVING.username, '--password', LEAVING.password],
    ['create-user', '--username', AGENT.username, '--password', AGENT.password],
  ],
})

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text })

async function openTeam(page: Page): Promise<void> {
  await page.goto('/dashboard/team')
  await listReady(page, 'Team')
}

/** `user` signed in on the customers screen, and the Admin on the team screen beside it. */
async function agentAndAdmin(user: { username: string; password: string }) {
  const { browser, baseURL } = product()
  const agent = await openPage(browser, baseURL)
  await signIn(agent.page, user.username, user.password)
  await agent.page.goto('/dashboard/customers')
  await listReady(agent.page, 'Customers')
  const admin = await openPage(browser, baseURL)
  await signIn(admin.page, ADMIN.username, ADMIN.password)
  await openTeam(admin.page)
  return { agent, admin }
}

const agentRow = (page: Page, username: string) =>
  dataRows(page).filter({ has: page.getByRole('cell', { name: username, exact: true }) })

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })

/** The side navigation's link names, once the Role box shows `role` (the links follow it). */
async function navLinksAs(page: Page, role: string): Promise<string[]> {
  await visible(page.getByLabel('Role', { exact: true }).getByText(role, { exact: true }))
  return sideNav(page).getByRole('link').allInnerTexts()
}

describe('the team screen', () => {
  it("an Admin demotes an Agent to Tester: the agent's next write is refused, and a reload shows the Tester warnings", async () => {
    const { agent, admin } = await agentAndAdmin(DEMOTED)
    const row = agentRow(admin.page, DEMOTED.username)
    expect(await row.locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining([DEMOTED.username, 'Active']),
    )
    await row.getByRole('combobox', { name: `Role of ${DEMOTED.username}` }).selectOption('Tester')
    const confirm = dialog(admin.page, 'Change role?')
    await visible(
      confirm.getByText(`${DEMOTED.username} becomes a Tester (now Agent).`, { exact: false }),
    )
    await confirm.getByRole('button', { name: 'Change role' }).click()
    await gone(confirm)
    await visible(toast(admin.page, `${DEMOTED.username} is now a Tester`))
    expect(
      await row.getByRole('combobox', { name: `Role of ${DEMOTED.username}` }).inputValue(),
    ).toBe('Tester')

    // The agent's open page still offers the form (it knew the old role)…
    await agent.page.getByRole('button', { name: 'Add', exact: true }).click()
    const create = dialog(agent.page, 'Add Customer')
    await create.getByLabel('Name').fill('Never Created')
    await create.getByRole('button', { name: 'Create' }).click()
    // …but the server refuses the write at once.
    await visible(toast(agent.page, 'Your role may read customers and orders but not change them.'))
    await agent.page.keyboard.press('Escape')
    await gone(create)

    await agent.page.reload()
    await listReady(agent.page, 'Customers')
    await visible(
      agent.page.getByLabel('Role', { exact: true }).getByText('Tester', { exact: true }),
    )
    await agent.page.getByRole('button', { name: 'Add', exact: true }).click()
    await visible(
      dialog(agent.page, 'Add Customer').getByText(
        'You do not have permission to create a customer.',
      ),
    )

    expectNoErrors(agent.errors, [
      { pattern: failedResource(403), because: 'the demoted agent tries one more write' },
    ])
    expectNoErrors(admin.errors)
    await agent.context.close()
    await admin.context.close()
  })

  it('an Admin deactivates an agent: its open session ends at the login page on its next call', async () => {
    const { agent: leaving, admin } = await agentAndAdmin(LEAVING)
    const row = agentRow(admin.page, LEAVING.username)
    await row.getByRole('button', { name: 'Deactivate' }).click()
    const confirm = dialog(admin.page, `Deactivate ${LEAVING.username}?`)
    await confirm.getByRole('button', { name: 'Deactivate' }).click()
    await gone(confirm)
    await visible(row.getByText('Deactivated', { exact: true }))
    await visible(row.getByRole('button', { name: 'Activate' }))

    // Its next call answers 401, the refresh is refused too: back to the login page.
    await leaving.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Orders' })
      .click()
    await atPath(leaving.page, '/login')
    await visible(leaving.page.getByRole('heading', { name: 'Login' }))
    expect(await leaving.page.evaluate(() => localStorage.getItem('access'))).toBeNull()

    // The last Admin cannot deactivate themself: the refusal stays in the dialog.
    await agentRow(admin.page, ADMIN.username).getByRole('button', { name: 'Deactivate' }).click()
    const self = dialog(admin.page, `Deactivate ${ADMIN.username}?`)
    await self.getByRole('button', { name: 'Deactivate' }).click()
    await visible(self.getByText(/^Error: /))
    await self.getByRole('button', { name: 'Cancel' }).click()

    expectNoErrors(leaving.errors, [
      { pattern: failedResource(401), because: 'the deactivated agent is refused' },
    ])
    expectNoErrors(admin.errors, [
      { pattern: failedResource(409), because: 'an Admin cannot deactivate themself' },
    ])
    await leaving.context.close()
    await admin.context.close()
  })

  it("an Admin follows the side navigation's 'Team' link, adds an agent, and that agent signs in", async () => {
    const { browser, baseURL } = product()
    const admin = await openPage(browser, baseURL)
    await signIn(admin.page, ADMIN.username, ADMIN.password)
    // Reached the way a person does: from the overview, by the link (not by typing the URL).
    expect(await navLinksAs(admin.page, 'Admin')).toEqual([
      'Overview',
      'Customers',
      'Orders',
      'Tasks',
      'Reports',
      'History',
      'Team',
      'Admin',
      'Settings',
      'Account',
    ])
    await sideNav(admin.page).getByRole('link', { name: 'Team' }).click()
    await atPath(admin.page, '/dashboard/team')
    await listReady(admin.page, 'Team')

    await admin.page.getByRole('button', { name: 'Add agent' }).click()
    const add = dialog(admin.page, 'Add agent')
    await focusWithin(add)
    expect(await add.getByLabel('Role').inputValue()).toBe('Agent')
    await add.getByLabel('Username').fill(NEWCOMER.username)
    await add.getByLabel('Email').fill(NEWCOMER.email)
    await add.getByRole('textbox', { name: 'Password' }).fill(NEWCOMER.password)
    await add.getByRole('button', { name: 'Add agent' }).click()
    await gone(add)
    await visible(toast(admin.page, `Agent ${NEWCOMER.username} added`))
    const row = agentRow(admin.page, NEWCOMER.username)
    await visible(row)
    expect(
      await row.getByRole('combobox', { name: `Role of ${NEWCOMER.username}` }).inputValue(),
    ).toBe('Agent')

    // The same username again: the server's answer under the field, the dialog stays.
    await admin.page.getByRole('button', { name: 'Add agent' }).click()
    const again = dialog(admin.page, 'Add agent')
    await focusWithin(again)
    await again.getByLabel('Username').fill(NEWCOMER.username)
    await again.getByLabel('Email').fill(NEWCOMER.email)
    await again.getByRole('textbox', { name: 'Password' }).fill(NEWCOMER.password)
    await again.getByRole('button', { name: 'Add agent' }).click()
    await visible(again.getByText('This username is already taken.'))
    await again.getByRole('button', { name: 'Cancel' }).click()
    await gone(again)

    // The new agent, in a browser of their own, signs in and reaches the dashboard.
    const newcomer = await openPage(browser, baseURL)
    await signIn(newcomer.page, NEWCOMER.username, NEWCOMER.password)
    await overviewReady(newcomer.page)
    expect(await navLinksAs(newcomer.page, 'Agent')).not.toContain('Team')

    expectNoErrors(admin.errors, [
      { pattern: failedResource(409), because: 'the username is added a second time' },
    ])
    expectNoErrors(newcomer.errors)
    await admin.context.close()
    await newcomer.context.close()
  })

  it("gives an Agent no 'Team' link, and the page says 'You do not have access to this page'", async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    expect(await navLinksAs(page, 'Agent')).toEqual([
      'Overview',
      'Customers',
      'Orders',
      'Tasks',
      'Reports',
      'History',
      'Settings',
      'Account',
    ])
    await page.goto('/dashboard/team')
    await visible(page.getByRole('heading', { name: 'You do not have access to this page' }))
    expect(await page.getByRole('table').count()).toBe(0)
    expectNoErrors(errors)
    await context.close()
  })

  it("screenshots: the Admin's side navigation and the Add agent dialog, desktop and phone, light and dark", async () => {
    const { browser, baseURL } = product()
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page, errors } = await openPage(browser, baseURL, { viewport })
      await signIn(page, ADMIN.username, ADMIN.password)
      await overviewReady(page)
      for (const mode of ['light', 'dark'] as const) {
        await setDarkMode(page, mode === 'dark')
        // On a phone the links are in the panel the rail's menu button opens.
        if (size === 'phone') await page.getByRole('button', { name: 'Open menu' }).click()
        await visible(sideNav(page).getByRole('link', { name: 'Team' }))
        await settled(page)
        await screenshot(page, `team-sidebar-${size}-${mode}`)
        await sideNav(page).getByRole('link', { name: 'Team' }).click()
        await listReady(page, 'Team')
        await settled(page)
        // Not `team-…`: accessibility-screens.test.ts writes those names.
        await screenshot(page, `team-list-${size}-${mode}`)
        await page.getByRole('button', { name: 'Add agent' }).click()
        const add = dialog(page, 'Add agent')
        await focusWithin(add)
        // Submitted empty: the fields' messages show too.
        await add.getByRole('button', { name: 'Add agent' }).click()
        await visible(add.locator('.mantine-InputWrapper-error'))
        await settled(page)
        await screenshot(page, `team-add-agent-${size}-${mode}`)
        expect(await seriousViolations(page)).toEqual([])
        await add.getByRole('button', { name: 'Cancel' }).click()
        await gone(add)
        await sideNav(page).getByRole('link', { name: 'Overview' }).click()
        await overviewReady(page)
      }
      expectNoErrors(errors)
      await context.close()
    }
  })
})
