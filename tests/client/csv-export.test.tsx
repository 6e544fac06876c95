import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { gate } from './helpers/gate'
import { renderApp } from './helpers/render-app'
import { findToast } from './helpers/toast'
import { addManyOrders, resetMockData } from './msw/data'
import { exportHandlers } from './msw/handlers/records'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

/** What the browser was handed to save: the file's name and its text. */
let saved: { name: string; file: Blob }[] = []

beforeEach(() => {
  resetMockData()
  saved = []
  server.use(...exportHandlers)
  // jsdom can neither make object URLs nor follow a download link: the page's download is
  // caught at the link's click, where a browser would save the file.
  const files = new Map<string, Blob>()
  URL.createObjectURL = (file: Blob) => {
    const url = `blob:test/${files.size}`
    files.set(url, file)
    return url
  }
  URL.revokeObjectURL = () => {}
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const file = files.get(this.href)
    if (file) saved.push({ name: this.download, file })
  })
})
afterEach(() => vi.restoreAllMocks())

/** The data rows of a saved CSV file (RFC 4180, no line breaks inside cells here). */
async function csvRows(file: Blob): Promise<string[]> {
  const [header, ...rows] = (await file.text()).trim().split('\r\n')
  expect(header).toBeDefined()
  return rows
}

describe('export CSV', () => {
  it('downloads exactly the rows the orders screen shows: search, filter and sort, all pages', async () => {
    addManyOrders(30)
    signIn()
    const { user } = renderApp('/dashboard/orders?status=Pending&sort=-total_Amount')
    expect(await screen.findByText('Showing 1–25 of 31')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await findToast('Downloaded orders-2026-11-22.csv')).toBeInTheDocument()
    expect(saved.map((s) => s.name)).toEqual(['orders-2026-11-22.csv'])
    const rows = await csvRows(saved[0]!.file)
    // Every page, only Pending, the largest amount first.
    expect(rows).toHaveLength(31)
    expect(rows.every((r) => r.includes('"Pending"'))).toBe(true)
    expect(rows[0]).toMatch(/^"12",/)
  })

  it('takes the search too, and a Tester may export', async () => {
    signIn({ role: 'Tester' })
    const { user } = renderApp('/dashboard/customers?search=austin')
    expect(await screen.findByText('Showing 1–2 of 2')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await findToast('Downloaded customers-2026-11-22.csv')
    const rows = await csvRows(saved[0]!.file)
    expect(rows.map((r) => r.split(',')[1])).toEqual(['"Cara Diaz"', '"Ann Lee"'])
  })

  it("shows 'Exporting...' until the answer is in, and a failure as an error toast", async () => {
    const answer = gate()
    server.use(
      http.get('*/api/customers/export/', async () => {
        await answer.wait
        return HttpResponse.json({ error: 'The export failed.' }, { status: 500 })
      }),
    )
    signIn()
    const { user } = renderApp('/dashboard/customers')
    await screen.findByText('Showing 1–3 of 3')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled()
    answer.release()
    expect(await findToast('The export failed.')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled()
    expect(saved).toEqual([])
  })
})
