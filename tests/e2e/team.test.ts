import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPage } from './helpers/browser'
import {
  atPath,
  dataRows,
  dialog,
  expectNoErrors,
  failedResource,
  gone,
  listReady,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const ADMIN = { username: 'team.lead', password: 'runs-the-whole-team' }
const DEMOTED = { username: 'soon.tester', password: 'about-to-be-a-tester' }
const LEAVING = { username: 'moving.on', password: 'last-day-at-work' }
const AGENT = { username: 'just.an.agent', password: 'no-team-for-me' }

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

  it("tells an Agent 'You do not have access to this page'", async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, AGENT.username, AGENT.password)
    await page.goto('/dashboard/team')
    await visible(page.getByRole('heading', { name: 'You do not have access to this page' }))
    expect(await page.getByRole('table').count()).toBe(0)
    expectNoErrors(errors)
    await context.close()
  })
})
