import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { openPage } from './helpers/browser'
import {
  dataRows,
  dialog,
  expectNoErrors,
  failedResource,
  focusWithin,
  gone,
  listReady,
  pagerText,
  signIn,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

const TESTER = { username: 'quality.tester', password: 'look-but-do-not-touch' }

// A few customers and orders to look at; the tester is made with the operator command line.
const product = useProduct({
  cli: [
    ['seed-demo', '--customers', '6', '--orders', '6'],
    [
      'create-user',
      '--username',
      TESTER.username,
      '--password',
      TESTER.password,
      '--role',
      'Tester',
    ],
  ],
})

/** The names of the buttons inside a dialog (Mantine's close icon is 'Close'). */
async function buttonNames(scope: Locator): Promise<string[]> {
  const buttons = await scope.getByRole('button').all()
  return Promise.all(
    buttons.map(async (b) => (await b.getAttribute('aria-label')) ?? (await b.innerText()).trim()),
  )
}

async function closeDialog(page: Page, opened: Locator): Promise<void> {
  await focusWithin(opened)
  await page.keyboard.press('Escape')
  await gone(opened)
}

describe('a tester', () => {
  it('sees every customer permission message and changes nothing', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, TESTER.username, TESTER.password)
    await visible(page.getByLabel('Role', { exact: true }).getByText('Tester', { exact: true }))

    await page.goto('/dashboard/customers')
    await listReady(page, 'Customers')
    await visible(pagerText(page))
    const countBefore = await pagerText(page).innerText()
    const firstName = (await dataRows(page).first().locator('td').first().innerText()).trim()

    await page.getByRole('button', { name: 'Add', exact: true }).click()
    const create = dialog(page, 'Add Customer')
    await visible(create.getByText('You do not have permission to create a customer.'))
    expect(await create.getByRole('textbox').count()).toBe(0)
    expect(await buttonNames(create)).toEqual(['Close'])
    await closeDialog(page, create)

    await page.getByRole('button', { name: `Edit ${firstName}` }).click()
    const edit = dialog(page, 'Edit Customer')
    await visible(edit.getByText('You do not have permission to edit a customer.'))
    expect(await edit.getByRole('textbox').count()).toBe(0)
    expect(await buttonNames(edit)).toEqual(['Close'])
    await closeDialog(page, edit)

    await page.getByRole('button', { name: `Delete ${firstName}` }).click()
    const remove = dialog(page, 'Warning!')
    await visible(remove.getByText('You do not have permission to delete the customer.'))
    expect(await buttonNames(remove)).toEqual(['Close', 'Cancel'])
    await remove.getByRole('button', { name: 'Cancel' }).click()
    await gone(remove)

    // Nothing changed.
    expect(await pagerText(page).innerText()).toBe(countBefore)
    await visible(page.getByRole('button', { name: `Delete ${firstName}` }))
    expectNoErrors(errors)
    await context.close()
  })

  it('sees every order permission message and changes nothing', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, TESTER.username, TESTER.password)

    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Orders' })
      .click()
    await listReady(page, 'Orders')
    await visible(pagerText(page))
    const countBefore = await pagerText(page).innerText()
    const firstOrder = (await dataRows(page).first().locator('td').first().innerText()).trim()
    expect(firstOrder).toMatch(/^ORD-\d+$/)

    await page.getByRole('button', { name: 'Add Order' }).click()
    const create = dialog(page, 'Add Order')
    await visible(create.getByText('You do not have permission to create an order.'))
    expect(await create.getByRole('combobox').count()).toBe(0)
    expect(await buttonNames(create)).toEqual(['Close'])
    await closeDialog(page, create)

    await page.getByRole('button', { name: `Edit ${firstOrder}` }).click()
    const edit = dialog(page, 'Edit Order')
    await visible(edit.getByText('You do not have permission to edit an order.'))
    expect(await edit.getByRole('combobox').count()).toBe(0)
    expect(await buttonNames(edit)).toEqual(['Close'])
    await closeDialog(page, edit)

    await page.getByRole('button', { name: `Delete ${firstOrder}` }).click()
    const remove = dialog(page, 'Warning!')
    await visible(remove.getByText('You do not have permission to delete an order.'))
    expect(await buttonNames(remove)).toEqual(['Close', 'Cancel'])
    await remove.getByRole('button', { name: 'Cancel' }).click()
    await gone(remove)

    expect(await pagerText(page).innerText()).toBe(countBefore)
    await visible(page.getByRole('button', { name: `Delete ${firstOrder}` }))
    expectNoErrors(errors)
    await context.close()
  })

  it('is refused by the server too (403), whatever the web app shows', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    await signIn(page, TESTER.username, TESTER.password)

    // The tester's own token, taken from where the web app keeps it, used directly.
    const answers = await page.evaluate(async () => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem('access') ?? ''}`,
        'Content-Type': 'application/json',
      }
      const post = await fetch('/api/customers/', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Sneaky', email: '', city: '', country: '', phone: '' }),
      })
      const list = await fetch('/api/customers/?search=Sneaky', { headers })
      return {
        status: post.status,
        body: (await post.json()) as unknown,
        listed: ((await list.json()) as { count: number }).count,
      }
    })
    expect(answers.status).toBe(403)
    expect(answers.body).toEqual({ error: expect.any(String) as string })
    expect(answers.listed).toBe(0)

    expectNoErrors(errors, [
      { pattern: failedResource(403), because: 'the POST is refused on purpose' },
    ])
    await context.close()
  })
})
