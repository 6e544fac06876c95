import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { gate } from './helpers/gate'
import { renderApp } from './helpers/render-app'
import { findToast } from './helpers/toast'
import { resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

const WITH_TWO_BAD_ROWS = [
  'Name,E-mail address,Email,City,Notes',
  'Eve Park,,eve@example.com,Oslo,vip',
  'No Email,,not-an-email,Rome,',
  ',,nameless@example.com,Lima,',
  '"Fay, Jr.",,fay@example.com,Kyiv,',
  'Gus Hill,,gus@example.com,Baku,',
].join('\n')

const csvFile = (text: string, name = 'people.csv') => new File([text], name, { type: 'text/csv' })

async function openImport(path = '/dashboard/customers', title = 'Import customers') {
  signIn()
  const app = renderApp(path)
  await screen.findByText(/^Showing 1–3 of 3$/)
  await app.user.click(screen.getByRole('button', { name: 'Import CSV' }))
  const dialog = await screen.findByRole('dialog', { name: title })
  return { ...app, dialog }
}

/** Chooses a file as a person does in the file picker the 'CSV file' button opens. */
async function choose(
  { user, dialog }: Awaited<ReturnType<typeof openImport>>,
  file: File,
): Promise<void> {
  expect(within(dialog).getByRole('button', { name: 'CSV file' })).toBeInTheDocument()
  // The picker's own <input type=file> is hidden behind the button; jsdom has no picker.
  const input = dialog.querySelector<HTMLInputElement>('input[type=file]')
  if (!input) throw new Error('no file input')
  await user.upload(input, file)
}

describe('import CSV', () => {
  beforeEach(() => resetMockData())

  it('previews the file with its columns, valid and invalid rows, then imports the valid ones', async () => {
    const opened = await openImport()
    const { user, dialog } = opened
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument()
    await choose(opened, csvFile(WITH_TWO_BAD_ROWS))

    expect(await within(dialog).findByText('3 rows valid')).toBeInTheDocument()
    expect(within(dialog).getByText('2 rows invalid')).toBeInTheDocument()
    expect(
      within(dialog).getByText('Columns found: Name, Email, City (ignored: E-mail address, Notes)'),
    ).toBeInTheDocument()
    const preview = within(dialog).getByRole('table', { name: 'The first 5 rows of the file' })
    const rows = within(preview)
      .getAllByRole('row')
      .map((tr) =>
        within(tr)
          .queryAllByRole('cell')
          .map((td) => td.textContent),
      )
    expect(rows.slice(1)).toEqual([
      ['2', 'Eve Park', '', 'eve@example.com', 'Oslo', 'vip'],
      ['3 (invalid)', 'No Email', '', 'not-an-email', 'Rome', ''],
      ['4 (invalid)', '', '', 'nameless@example.com', 'Lima', ''],
      ['5', 'Fay, Jr.', '', 'fay@example.com', 'Kyiv', ''],
      ['6', 'Gus Hill', '', 'gus@example.com', 'Baku', ''],
    ])
    const errors = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(errors).toEqual([
      'Line 3, email: Enter a valid email address.',
      'Line 4, name: Enter a name.',
    ])

    await user.click(within(dialog).getByRole('button', { name: 'Import 3 valid rows, skip 2' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await findToast('Imported 3 customers, skipped 2')).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'A list of your recent customers.' })
    expect(await within(table).findByText('Fay, Jr.')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–6 of 6')).toBeInTheDocument()
  })

  it('names the count when every row is valid, and shows a progress bar while it runs', async () => {
    const held = gate()
    server.use(
      // Holds the import (not its dry run), then lets the usual handler answer.
      http.post('*/api/customers/import/', async ({ request }) => {
        if (!new URL(request.url).searchParams.has('dry_run')) await held.wait
      }),
    )
    const opened = await openImport()
    const { user, dialog } = opened
    await choose(opened, csvFile('name;city\nHal Moe;Riga\nIda Roe;Vilnius\n'))
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 customers' }))
    const bar = await within(dialog).findByRole('progressbar', { name: 'Importing 2 customers...' })
    expect(bar).not.toHaveAttribute('aria-valuenow')
    expect(within(dialog).getByRole('button', { name: 'Importing...' })).toBeDisabled()
    held.release()
    expect(await findToast('Imported 2 customers')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await screen.findByText('Hal Moe')).toBeInTheDocument()
  })

  it("offers no import when no row is valid, and shows the server's refusal of a file", async () => {
    const opened = await openImport()
    const { dialog } = opened
    await choose(opened, csvFile('name,email\n,bad\n'))
    expect(await within(dialog).findByText('No valid customers to import.')).toBeInTheDocument()
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).not.toContain(expect.stringMatching(/^Import/))

    server.use(
      http.post('*/api/customers/import/', () =>
        HttpResponse.json(
          { error: "The first row must name the columns, with a 'name' column." },
          { status: 400 },
        ),
      ),
    )
    await choose(opened, csvFile('city\nOslo\n', 'cities.csv'))
    expect(
      await within(dialog).findByText(
        "Error: The first row must name the columns, with a 'name' column.",
      ),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument()
  })

  it('offers a template to start from, made in the browser', async () => {
    const { dialog } = await openImport()
    const link = within(dialog).getByRole('link', { name: 'Download a template' })
    expect(link).toHaveAttribute('download', 'customers-template.csv')
    const href = link.getAttribute('href') ?? ''
    expect(decodeURIComponent(href.replace(/^data:text\/csv;charset=utf-8,/, ''))).toBe(
      'name,email,city,country,phone\r\nOlivia Smith,olivia@example.com,Leeds,United Kingdom,+44 20 7946 0916\r\n',
    )
  })

  it('imports orders the same way', async () => {
    const opened = await openImport('/dashboard/orders', 'Import orders')
    const { user, dialog } = opened
    await choose(opened, csvFile('Customer,Status,Total Amount\n2,delivered,19.99\n'))
    await user.click(await within(dialog).findByRole('button', { name: 'Import 1 order' }))
    expect(await findToast('Imported 1 order')).toBeInTheDocument()
    expect(await screen.findByText('Showing 1–4 of 4')).toBeInTheDocument()
  })

  it('is not offered to a Tester', async () => {
    signIn({ role: 'Tester' })
    renderApp('/dashboard/orders')
    await screen.findByRole('button', { name: 'Export CSV' })
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument()
  })
})
