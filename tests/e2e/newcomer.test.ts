import { describe, expect, it } from 'vitest'
import { openPage } from './helpers/browser'
import {
  atPath,
  dataRows,
  dialog,
  eventually,
  expectNoErrors,
  gone,
  listReady,
  overviewReady,
  register,
  signIn,
  totalOrders,
  uniqueSuffix,
  visible,
} from './helpers/flows'
import { useProduct } from './helpers/product'

// A newcomer with an empty database: no CLI commands, sign-up is open by default.
const product = useProduct()

describe('a newcomer', () => {
  it('registers, signs in, adds, edits and deletes a customer and an order, and sees the overview follow', async () => {
    const { browser, baseURL } = product()
    const { context, page, errors } = await openPage(browser, baseURL)
    const user = {
      username: `newbie-${uniqueSuffix()}`,
      email: 'newbie@example.com',
      password: 'first-steps-2024',
    }
    const city = 'Lisbon'

    // The landing page's call to action leads to the register form.
    await page.goto('/')
    await visible(page.getByRole('heading', { name: 'Build stronger customer relationships' }))
    await page.getByRole('link', { name: 'Get Started' }).click()
    await atPath(page, '/register')
    await register(page, user)
    await visible(page.getByText('Account created. Sign in to continue.'))

    // Registration lands on the login form; signing in lands on the overview.
    await signIn(page, user.username, user.password, { goto: false })
    await overviewReady(page)
    expect(await totalOrders(page)).toBe(0)
    // No customers yet: the bar chart has nothing to read out.
    expect(await page.getByRole('list', { name: 'Customer Distribution data' }).count()).toBe(0)

    // Customers: add one through the modal form.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Customers' })
      .click()
    await atPath(page, '/dashboard/customers')
    await listReady(page, 'Customers')
    await visible(page.getByText('No results.'))
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    const create = dialog(page, 'Add Customer')
    await visible(create)
    await create.getByLabel('Name').fill('Ada Newcomer')
    await create.getByLabel('Email').fill('ada@newcomer.example')
    await create.getByLabel('City').fill(city)
    await create.getByLabel('Country').fill('Portugal')
    await create.getByLabel('Phone').fill('+351 21 000 0000')
    await create.getByRole('button', { name: 'Create' }).click()
    await visible(page.getByText('Customer Created'))
    await gone(create)
    const customerRow = dataRows(page).filter({ hasText: 'Ada Newcomer' })
    await visible(customerRow)
    expect(await customerRow.locator('td').allInnerTexts()).toEqual([
      'Ada Newcomer',
      'ada@newcomer.example',
      `${city}, Portugal`,
      '+351 21 000 0000',
      new Date().toISOString().slice(0, 10),
      '',
    ])

    // Orders: add one for that customer, picked through the server-fed searchable select.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Orders' })
      .click()
    await atPath(page, '/dashboard/orders')
    await listReady(page, 'Orders')
    await page.getByRole('button', { name: 'Add Order' }).click()
    const createOrder = dialog(page, 'Add Order')
    await visible(createOrder)
    const picker = createOrder.getByRole('combobox', { name: 'Customer' })
    await picker.click()
    await picker.pressSequentially('Ada', { delay: 30 })
    await page.getByRole('option', { name: /^#\d+ Ada Newcomer$/ }).click()
    await createOrder.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Pending', exact: true }).click()
    await createOrder.getByRole('textbox', { name: 'Total Amount' }).fill('125.5')
    await createOrder.getByRole('button', { name: 'Create' }).click()
    await visible(page.getByText('Order Created'))
    await gone(createOrder)
    const orderRow = dataRows(page).filter({ hasText: 'Ada Newcomer' })
    await visible(orderRow)
    const orderCells = await orderRow.locator('td').allInnerTexts()
    expect(orderCells[0]).toMatch(/^ORD-\d+$/)
    expect(orderCells.slice(1, 5)).toEqual([
      'Ada Newcomer',
      'Pending',
      '$125.50',
      new Date().toISOString().slice(0, 10),
    ])
    const orderLabel = orderCells[0] ?? ''

    // The overview counts the new order and the new customer's city.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Overview' })
      .click()
    await overviewReady(page)
    await eventually(async () => expect(await totalOrders(page)).toBe(1))
    const cities = page.getByRole('list', { name: 'Customer Distribution data' })
    await eventually(async () =>
      expect(await cities.getByRole('listitem').allInnerTexts()).toEqual([`${city}: 1`]),
    )
    const statuses = page.getByRole('list', { name: 'Order Status Pie Chart data' })
    await eventually(async () =>
      expect(await statuses.getByRole('listitem').allInnerTexts()).toContain('Pending: 1'),
    )

    // Edit the customer: the new name shows in the customers list and on the order.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Customers' })
      .click()
    await listReady(page, 'Customers')
    await page.getByRole('button', { name: 'Edit Ada Newcomer' }).click()
    const editCustomer = dialog(page, 'Edit Customer')
    await visible(editCustomer)
    expect(await editCustomer.getByLabel('Name').inputValue()).toBe('Ada Newcomer')
    await editCustomer.getByLabel('Name').fill('Ada Renamed')
    await editCustomer.getByLabel('City').fill('Porto')
    await editCustomer.getByRole('button', { name: 'Save' }).click()
    await gone(editCustomer)
    await visible(
      dataRows(page).filter({ hasText: 'Ada Renamed' }).filter({ hasText: 'Porto, Portugal' }),
    )
    expect(await dataRows(page).filter({ hasText: 'Ada Newcomer' }).count()).toBe(0)

    // Edit the order: status and amount change in the row.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Orders' })
      .click()
    await listReady(page, 'Orders')
    await visible(dataRows(page).filter({ hasText: 'Ada Renamed' }))
    await page.getByRole('button', { name: `Edit ${orderLabel}` }).click()
    const editOrder = dialog(page, 'Edit Order')
    await visible(editOrder)
    // The picker shows the order's customer by its new name (customer writes refresh it).
    expect(await editOrder.getByRole('combobox', { name: 'Customer' }).inputValue()).toMatch(
      /^#\d+ Ada Renamed$/,
    )
    await editOrder.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Delivered', exact: true }).click()
    await editOrder.getByRole('textbox', { name: 'Total Amount' }).fill('99')
    await editOrder.getByRole('button', { name: 'Save' }).click()
    await gone(editOrder)
    const editedOrder = dataRows(page).filter({ hasText: orderLabel })
    await eventually(async () =>
      expect((await editedOrder.locator('td').allInnerTexts()).slice(1, 4)).toEqual([
        'Ada Renamed',
        'Delivered',
        '$99.00',
      ]),
    )

    // The overview follows the edits.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Overview' })
      .click()
    await overviewReady(page)
    await eventually(async () =>
      expect(await cities.getByRole('listitem').allInnerTexts()).toEqual(['Porto: 1']),
    )
    await eventually(async () =>
      expect(await statuses.getByRole('listitem').allInnerTexts()).toContain('Delivered: 1'),
    )
    expect(await statuses.getByRole('listitem').allInnerTexts()).not.toContain('Pending: 1')
    expect(await totalOrders(page)).toBe(1)

    // Delete the order, after the confirmation.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Orders' })
      .click()
    await listReady(page, 'Orders')
    await page.getByRole('button', { name: `Delete ${orderLabel}` }).click()
    const confirmOrder = dialog(page, 'Are you absolutely sure?')
    await visible(confirmOrder)
    await confirmOrder.getByRole('button', { name: 'Delete' }).click()
    await gone(confirmOrder)
    await visible(page.getByText('No results.'))
    expect(await dataRows(page).count()).toBe(0)

    // Delete the customer.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Customers' })
      .click()
    await listReady(page, 'Customers')
    await page.getByRole('button', { name: 'Delete Ada Renamed' }).click()
    const confirmCustomer = dialog(page, 'Are you absolutely sure?')
    await visible(confirmCustomer)
    await visible(
      confirmCustomer.getByText(
        'This will delete this Customer. You can undo it right after, or restore it later from History.',
      ),
    )
    await confirmCustomer.getByRole('button', { name: 'Delete' }).click()
    await gone(confirmCustomer)
    await visible(page.getByText('No results.'))

    // Back to zero on the overview.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Overview' })
      .click()
    await overviewReady(page)
    await eventually(async () => expect(await totalOrders(page)).toBe(0))
    await gone(cities)

    expectNoErrors(errors)
    await context.close()
  })
})
