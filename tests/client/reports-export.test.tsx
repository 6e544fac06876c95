import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { findToast } from './helpers/toast'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

vi.mock('react-chartjs-2', () => import('./helpers/chart-stub'))

/** What the browser was handed to save: the file's name and its text. */
let saved: { name: string; file: Blob }[] = []

beforeEach(() => {
  resetMockData()
  signIn()
  saved = []
  // jsdom can neither make object URLs nor follow a download link: the download is caught
  // at the link's click, where a browser would save the file (as in csv-export.test.tsx).
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

describe("Reports: 'Export CSV'", () => {
  it("downloads the shown period's series, one row per interval", async () => {
    const { user } = renderApp('/dashboard/reports?from=2024-04-01&to=2024-04-03')
    await screen.findByRole('heading', { name: 'Reports', level: 1 })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const name = 'sales-2024-04-01-to-2024-04-03.csv'
    expect(await findToast(`Downloaded ${name}`)).toBeInTheDocument()
    expect(saved.map((s) => s.name)).toEqual([name])
    expect((await saved[0]!.file.text()).trim().split('\n')).toEqual([
      'start,orders,revenue',
      '2024-04-01,1,125.50',
      '2024-04-02,1,80.00',
      '2024-04-03,1,42.00',
    ])
  })
})
