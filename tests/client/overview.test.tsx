import { readFileSync } from 'node:fs'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

interface FakeChartProps {
  data: {
    labels?: unknown[]
    datasets: { data: unknown[]; backgroundColor?: unknown; borderRadius?: unknown }[]
  }
  options?: { cutout?: unknown }
  [prop: string]: unknown
}

// jsdom has no canvas; the charts render what they were given as text instead.
vi.mock('react-chartjs-2', () => {
  const fake = (kind: string) =>
    function FakeChart({ data, options, ...canvas }: FakeChartProps) {
      const set = data.datasets[0]
      const points = (data.labels ?? []).map(
        (label, i) => `${String(label)}=${String(set?.data[i])}`,
      )
      const colors = [set?.backgroundColor ?? []].flat().map(String)
      return (
        <>
          <canvas {...canvas} />
          <pre data-testid={`${kind}-data`}>{points.join(', ')}</pre>
          <pre data-testid={`${kind}-style`}>
            {`colors=${colors.join(',')} borderRadius=${String(set?.borderRadius)} cutout=${String(options?.cutout)}`}
          </pre>
        </>
      )
    }
  return { Bar: fake('bar'), Doughnut: fake('doughnut') }
})

function gate() {
  let release = () => {}
  const wait = new Promise<void>((resolve) => (release = resolve))
  return { wait, release }
}

describe('overview screen', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
  })

  it('shows the four hard-coded summary cards', async () => {
    renderApp('/dashboard/overview')
    const budget = await screen.findByRole('region', { name: 'BUDGET' })
    expect(within(budget).getByText('24k')).toBeInTheDocument()
    expect(within(budget).getByText('12%')).toBeInTheDocument()
    expect(within(budget).getByLabelText('up')).toBeInTheDocument()
    expect(within(budget).getByText('since last month')).toBeInTheDocument()
    const customers = screen.getByRole('region', { name: 'CUSTOMERS' })
    expect(within(customers).getByText('1.6k')).toBeInTheDocument()
    expect(within(customers).getByText('16%')).toBeInTheDocument()
    expect(within(customers).getByLabelText('down')).toBeInTheDocument()
    expect(within(customers).getByText('since last month')).toBeInTheDocument()
    const progress = screen.getByRole('region', { name: 'PROGRESS' })
    expect(within(progress).getByText('75.5%')).toBeInTheDocument()
    const bar = within(progress).getByRole('progressbar')
    expect(bar).toHaveAttribute('aria-valuenow', '75.5')
    expect(bar.getAttribute('style')).toContain('--progress-section-size: 75.5%')
    const profit = screen.getByRole('region', { name: 'PROFIT' })
    expect(within(profit).getByText('$15k')).toBeInTheDocument()
  })

  it('fills both charts from the stats calls, with the spec texts, colours and sizes', async () => {
    renderApp('/dashboard/overview')
    const cities = await screen.findByRole('region', { name: 'Customer Distribution' })
    expect(within(cities).getByText('Number of customers per city')).toBeInTheDocument()
    expect(within(cities).getByText('Trending up by 5.2% this month')).toBeInTheDocument()
    expect(within(cities).getByText('Showing total customers per city')).toBeInTheDocument()
    expect(
      within(cities).getByRole('img', { name: 'Bar chart: number of customers per city' }),
    ).toBeInTheDocument()
    expect(await within(cities).findByText('Austin: 2')).toBeInTheDocument()
    expect(within(cities).getByText('Berlin: 1')).toBeInTheDocument()
    expect(within(cities).getByTestId('bar-data')).toHaveTextContent('Austin=2, Berlin=1')
    expect(within(cities).getByTestId('bar-style')).toHaveTextContent('borderRadius=8')
    expect(within(cities).getByRole('img').parentElement).toHaveStyle({ height: '300px' })

    const statuses = screen.getByRole('region', { name: 'Order Status Pie Chart' })
    expect(within(statuses).getByText('Orders by status')).toBeInTheDocument()
    expect(within(statuses).getByText('Showing total orders by status')).toBeInTheDocument()
    expect(
      within(statuses).getByRole('img', { name: 'Donut chart: orders by status' }),
    ).toBeInTheDocument()
    expect(await within(statuses).findByText('Total Orders: 3')).toBeInTheDocument()
    expect(within(statuses).getByText('Pending: 1')).toBeInTheDocument()
    expect(within(statuses).getByTestId('doughnut-data')).toHaveTextContent(
      'Pending=1, Out for delivery=1, Delivered=1',
    )
    // Delivered is chart-1 (the CSS variable, read at run time; its light value here).
    expect(within(statuses).getByTestId('doughnut-style')).toHaveTextContent(
      'colors=#E74C3C,#FFC107,#0ca678 borderRadius=undefined cutout=60',
    )
    expect(within(statuses).getByRole('img').parentElement).toHaveStyle({ maxHeight: '250px' })
  })

  it('redraws the charts in the dark chart-1 colour when the theme is switched', async () => {
    // Tests import no CSS: the overview's own sheet goes on the page as text.
    const sheet = document.createElement('style')
    // Vitest runs from the project root (under jsdom import.meta.url is no file URL).
    sheet.textContent = readFileSync('src/client/lib/chart-colors.css', 'utf8')
    document.head.append(sheet)
    onTestFinished(() => sheet.remove())
    const { user } = renderApp('/dashboard/overview')
    const statuses = await screen.findByRole('region', { name: 'Order Status Pie Chart' })
    expect(await within(statuses).findByText('Total Orders: 3')).toBeInTheDocument()
    const cities = screen.getByRole('region', { name: 'Customer Distribution' })
    expect(within(cities).getByTestId('bar-style')).toHaveTextContent('colors=#0ca678')
    expect(within(statuses).getByTestId('doughnut-style')).toHaveTextContent('#0ca678')
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }))
    expect(within(cities).getByTestId('bar-style')).toHaveTextContent('colors=#20c997')
    expect(within(statuses).getByTestId('doughnut-style')).toHaveTextContent('#20c997')
  })

  it('starts with empty charts and fills them once the fetches succeed', async () => {
    const stats = gate()
    server.use(
      http.get('*/api/stats/*', async () => {
        await stats.wait
      }),
    )
    renderApp('/dashboard/overview')
    const cities = await screen.findByRole('region', { name: 'Customer Distribution' })
    const statuses = screen.getByRole('region', { name: 'Order Status Pie Chart' })
    expect(within(cities).getByTestId('bar-data')).toBeEmptyDOMElement()
    expect(within(statuses).getByTestId('doughnut-data')).toBeEmptyDOMElement()
    expect(within(statuses).getByText('Total Orders: 0')).toBeInTheDocument()
    stats.release()
    expect(await within(statuses).findByText('Total Orders: 3')).toBeInTheDocument()
    expect(await within(cities).findByText('Austin: 2')).toBeInTheDocument()
  })

  it("logs 'Failed to fetch customers:' and leaves the bar chart empty, showing nothing", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get('*/api/stats/customers-by-city/', () =>
        HttpResponse.json({ error: 'Down.' }, { status: 503 }),
      ),
    )
    renderApp('/dashboard/overview')
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Failed to fetch customers:', expect.any(Error)),
    )
    const cities = screen.getByRole('region', { name: 'Customer Distribution' })
    expect(within(cities).getByTestId('bar-data')).toBeEmptyDOMElement()
    expect(screen.queryByText(/Down\./)).not.toBeInTheDocument()
    expect(screen.queryByText(/^Error/)).not.toBeInTheDocument()
    // The other chart is unaffected.
    expect(await screen.findByText('Total Orders: 3')).toBeInTheDocument()
    log.mockRestore()
  })

  it("logs 'Failed to fetch orders:' and leaves the donut empty, showing nothing", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get('*/api/stats/orders-by-status/', () =>
        HttpResponse.json({ error: 'Down.' }, { status: 503 }),
      ),
    )
    renderApp('/dashboard/overview')
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Failed to fetch orders:', expect.any(Error)),
    )
    const statuses = screen.getByRole('region', { name: 'Order Status Pie Chart' })
    expect(within(statuses).getByTestId('doughnut-data')).toBeEmptyDOMElement()
    expect(within(statuses).getByText('Total Orders: 0')).toBeInTheDocument()
    expect(screen.queryByText(/Down\./)).not.toBeInTheDocument()
    expect(await screen.findByText('Austin: 2')).toBeInTheDocument()
    log.mockRestore()
  })

  it('shows fresh counts after a customer is added elsewhere in the app', async () => {
    const { user } = renderApp('/dashboard/overview')
    expect(await screen.findByText('Austin: 2')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Customers' }))
    await user.click(await screen.findByRole('button', { name: 'Add' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' })
    await user.type(within(dialog).getByLabelText('Name'), 'Dan Brown')
    await user.type(within(dialog).getByLabelText('City'), 'Austin')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('link', { name: 'Overview' }))
    expect(await screen.findByText('Austin: 3')).toBeInTheDocument()
  })
})
