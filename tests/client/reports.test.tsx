import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { salesReportQuerySchema, salesReportSchema } from '../../src/shared/reports'
import { presetDates } from '../../src/client/features/reports/periods'
import { renderApp } from './helpers/render-app'
import { mockDb, resetMockData } from './msw/data'
import { liveStreams } from './msw/handlers/live'
import { salesReportOf } from './msw/reports-data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

interface FakeBarProps {
  data: { labels?: unknown[] }
  options?: { onClick?: (event: unknown, elements: { index: number }[]) => void }
  'aria-label'?: string
}

// jsdom has no canvas: each bar becomes a button that clicks the chart where that bar is.
vi.mock('react-chartjs-2', () => ({
  Bar: ({ data, options, ...canvas }: FakeBarProps) => (
    <div role="group" aria-label={canvas['aria-label']}>
      {(data.labels ?? []).map((label, index) => (
        <button key={index} type="button" onClick={() => options?.onClick?.({}, [{ index }])}>
          {`Bar ${String(label)}`}
        </button>
      ))}
    </div>
  ),
  Doughnut: () => <canvas />,
}))

beforeEach(() => {
  resetMockData()
  signIn()
})

describe('Reports: the period', () => {
  it('works the presets out from today, the last year whole', () => {
    const today = '2026-05-14'
    expect(presetDates('last-7-days', today)).toEqual({ from: '2026-05-08', to: today })
    expect(presetDates('last-30-days', today)).toEqual({ from: '2026-04-15', to: today })
    expect(presetDates('last-90-days', today)).toEqual({ from: '2026-02-14', to: today })
    expect(presetDates('this-month', today)).toEqual({ from: '2026-05-01', to: today })
    expect(presetDates('this-quarter', today)).toEqual({ from: '2026-04-01', to: today })
    expect(presetDates('this-quarter', '2026-12-31').from).toBe('2026-10-01')
    expect(presetDates('this-year', today)).toEqual({ from: '2026-01-01', to: today })
    expect(presetDates('last-year', today)).toEqual({ from: '2025-01-01', to: '2025-12-31' })
  })

  it('keeps a preset relative in the URL, and a reload opens the same preset', async () => {
    const { user, router } = renderApp('/dashboard/reports')
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeInTheDocument()
    const period = screen.getByRole('combobox', { name: 'Period' })
    expect(period).toHaveDisplayValue('Last 30 days')
    await user.selectOptions(period, 'This quarter')
    expect(router.state.location.search).toEqual({ period: 'this-quarter' })
    const again = renderApp('/dashboard/reports?period=this-quarter')
    const reopened = await within(again.container).findByRole('combobox', { name: 'Period' })
    expect(reopened).toHaveDisplayValue('This quarter')
  })

  it("'Custom' shows From and To with the period's dates and keeps them in the URL", async () => {
    const { user, router } = renderApp('/dashboard/reports?period=last-year')
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Period' }), 'Custom')
    const year = new Date().getFullYear() - 1
    expect(router.state.location.search).toEqual({ from: `${year}-01-01`, to: `${year}-12-31` })
    const from = screen.getByLabelText('From')
    expect(from).toHaveValue(`${year}-01-01`)
    await user.clear(from)
    await user.type(from, `${year}-06-01`)
    expect(router.state.location.search).toEqual({ from: `${year}-06-01`, to: `${year}-12-31` })
  })
})

describe('Reports: a period the API would refuse', () => {
  it("'Custom' says what is wrong under the date and keeps the last good period", async () => {
    const { user, router } = renderApp('/dashboard/reports?from=2024-01-01&to=2024-12-31')
    const from = await screen.findByLabelText('From')
    await user.clear(from)
    await user.type(from, '2014-12-31')
    expect(await screen.findByText('Choose a period of at most 10 years.')).toBeInTheDocument()
    await user.clear(from)
    await user.type(from, '2025-01-01')
    expect(await screen.findByText('Choose an end date on or after the start date.')).toBeVisible()
    expect(router.state.location.search).toEqual({ from: '2024-01-01', to: '2024-12-31' })
  })

  it("a typed URL over ten years shows why, in the API's words", async () => {
    renderApp('/dashboard/reports?from=2000-01-01&to=2024-12-31')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Error: Choose a period of at most 10 years.')
  })
})

describe('Reports: the cards', () => {
  it('shows each change against the previous period: up green, down red, — from nothing', async () => {
    server.use(
      http.get('*/api/reports/sales/', ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams)
        const report = salesReportOf(salesReportQuerySchema.parse(query))
        return HttpResponse.json(
          salesReportSchema.parse({
            ...report,
            totals: { revenue: '1125.00', orders: 97, average_order: '11.60', new_customers: 5 },
            previous: {
              ...report.previous,
              ...{ revenue: '1000.00', orders: 100, average_order: '0.00', new_customers: 5 },
            },
          }),
        )
      }),
    )
    renderApp('/dashboard/reports')
    const expected = [
      ['Revenue', '$1,125.00', '▲ 12.5%', 'var(--crm-positive)'],
      ['Orders', '97', '▼ 3.0%', 'var(--crm-negative)'],
      ['Average order', '$11.60', '—', 'var(--mantine-color-dimmed)'],
      ['New customers', '5', '▲ 0.0%', 'var(--crm-positive)'],
    ]
    for (const [title, value, change, color] of expected) {
      const card = await screen.findByRole('region', { name: title })
      expect(await within(card).findByText(value as string)).toBeInTheDocument()
      expect(within(card).getByText(change as string)).toHaveStyle({ color })
      expect(within(card).getByText('vs previous period')).toBeInTheDocument()
    }
  })
})

describe('Reports: live', () => {
  it("follows another agent's change to an order without a reload", async () => {
    const { router } = renderApp('/dashboard/reports?from=2024-04-01&to=2024-04-03')
    const revenue = await screen.findByRole('region', { name: 'Revenue' })
    expect(await within(revenue).findByText('$247.50')).toBeInTheDocument()
    await waitFor(() => expect(liveStreams.count).toBe(1))

    const order = mockDb.orders.find((o) => o.id === 13)
    if (!order) throw new Error('no order 13')
    Object.assign(order, { total_Amount: '100.00', version: order.version + 1 })
    liveStreams.send({ entity: 'order', id: 13, action: 'update' })

    expect(await within(revenue).findByText('$267.50')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ from: '2024-04-01', to: '2024-04-03' })
  })
})

describe('Reports: Revenue over time opens its orders', () => {
  it('a bar opens the orders screen filtered to its day', async () => {
    const { user, router } = renderApp('/dashboard/reports?from=2024-04-01&to=2024-04-03')
    const chart = await screen.findByRole('group', { name: 'Bar chart: revenue per day' })
    await user.click(await within(chart).findByRole('button', { name: 'Bar Apr 2' }))
    expect(router.state.location.pathname).toBe('/dashboard/orders')
    expect(router.state.location.search).toEqual({
      created_from: '2024-04-02',
      created_to: '2024-04-02',
    })
  })

  it("a week's bar and its link in the figures table open that week's orders", async () => {
    const { user, router } = renderApp('/dashboard/reports?from=2024-03-27&to=2024-06-30')
    const chart = await screen.findByRole('group', { name: 'Bar chart: revenue per week' })
    // The first week starts at `from` (a Wednesday), the next on Monday 1 April.
    await user.click(await within(chart).findByRole('button', { name: 'Bar Apr 1' }))
    expect(router.state.location.search).toEqual({
      created_from: '2024-04-01',
      created_to: '2024-04-07',
    })
    router.history.back()
    const table = await screen.findByRole('table', { name: 'Revenue over time' })
    const row = within(table).getByRole('row', { name: /2024-03-27 to 2024-03-31/ })
    expect(row).toHaveTextContent('$0.00')
    await user.click(within(table).getByRole('link', { name: '2024-04-01 to 2024-04-07' }))
    expect(router.state.location.pathname).toBe('/dashboard/orders')
    expect(router.state.location.search).toEqual({
      created_from: '2024-04-01',
      created_to: '2024-04-07',
    })
  })
})

describe("Orders screen: a report's dates", () => {
  it('keeps created_from and created_to in the URL, shown as chips that remove them', async () => {
    const { user, router } = renderApp(
      '/dashboard/orders?created_from=2024-04-02&created_to=2024-04-03',
    )
    const filters = await screen.findByRole('group', { name: 'Active filters' })
    expect(within(filters).getByText('Created from: 2024-04-02')).toBeInTheDocument()
    expect(within(filters).getByText('Created to: 2024-04-03')).toBeInTheDocument()
    expect(await screen.findByText('Showing 1–2 of 2')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove filter Created to' }))
    expect(router.state.location.search).toEqual({ created_from: '2024-04-02' })
    await user.click(screen.getByRole('button', { name: 'Remove filter Created from' }))
    expect(router.state.location.search).toEqual({})
    expect(await screen.findByText('Showing 1–3 of 3')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument()
  })
})
