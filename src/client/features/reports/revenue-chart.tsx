import { useNavigate } from '@tanstack/react-router'
import type { SalesReport } from '#shared/reports'
import { AnchorLink } from '../../components/anchor-link'
import { Bar } from '../../lib/chart'
import { useChartColors } from '../../lib/chart-colors'
import { themedAxis, themedPlugins } from '../../lib/chart-theme'
import { formatAmount, formatCount } from '../../lib/format'
import { intervalLabel, intervalsOf, intervalText, ordersSearch, type Interval } from './intervals'
import { ReportCard, type FigureColumn } from './report-card'

const UNIT_WORDS = { day: 'day', week: 'week', month: 'month' } as const

/** 'Revenue over time': a bar per interval; a click opens that interval's orders. */
export function RevenueChart({ report }: { report: SalesReport | undefined }) {
  const navigate = useNavigate()
  const colors = useChartColors()
  const axis = themedAxis(colors)
  const plugins = themedPlugins(colors)
  const intervals = intervalsOf(report)
  const unit = report?.interval ?? 'day'
  const open = (interval: Interval | undefined) => {
    if (interval) void navigate({ to: '/dashboard/orders', search: ordersSearch(interval) })
  }
  const columns: FigureColumn<Interval>[] = [
    {
      header: 'Interval',
      cell: (interval) => (
        <AnchorLink to="/dashboard/orders" search={ordersSearch(interval)}>
          {intervalText(interval)}
        </AnchorLink>
      ),
    },
    { header: 'Orders', cell: (interval) => formatCount(interval.orders) },
    { header: 'Revenue', cell: (interval) => formatAmount(interval.revenue) },
  ]
  return (
    <ReportCard
      title="Revenue over time"
      description={`Revenue per ${UNIT_WORDS[unit]}; choose a bar to see its orders`}
      figures={{ columns, rows: intervals, rowKey: (interval) => interval.start }}
    >
      <div style={{ height: 300, position: 'relative' }}>
        <Bar
          role="img"
          aria-label={`Bar chart: revenue per ${UNIT_WORDS[unit]}`}
          data={{
            labels: intervals.map((interval) => intervalLabel(interval, unit)),
            datasets: [
              {
                label: 'Revenue',
                data: intervals.map((interval) => Number(interval.revenue)),
                backgroundColor: colors.accent,
                borderRadius: 4,
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            onClick: (_event, elements) => open(intervals[elements[0]?.index ?? -1]),
            onHover: (event, elements) => {
              const canvas = event.native?.target
              if (canvas instanceof HTMLElement) {
                canvas.style.cursor = elements.length > 0 ? 'pointer' : 'default'
              }
            },
            plugins: {
              ...plugins,
              legend: { ...plugins.legend, display: false },
              tooltip: {
                ...plugins.tooltip,
                callbacks: {
                  title: (items) => {
                    const interval = intervals[items[0]?.dataIndex ?? -1]
                    return interval ? intervalText(interval) : ''
                  },
                  label: (item) =>
                    `Revenue: ${formatAmount(intervals[item.dataIndex]?.revenue ?? '0')}`,
                  afterLabel: (item) =>
                    `Orders: ${formatCount(intervals[item.dataIndex]?.orders ?? 0)}`,
                },
              },
            },
            scales: {
              x: axis,
              y: { ...axis, beginAtZero: true },
            },
          }}
        />
      </div>
    </ReportCard>
  )
}
