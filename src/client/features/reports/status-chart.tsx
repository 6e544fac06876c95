import type { SalesReport } from '#shared/reports'
import { Doughnut } from '../../lib/chart'
import { useChartColors } from '../../lib/chart-colors'
import { statusColors, themedPlugins } from '../../lib/chart-theme'
import { formatAmount, formatCount } from '../../lib/format'
import { ReportCard, type FigureColumn } from './report-card'

type StatusShare = SalesReport['by_status'][number]

const columns: FigureColumn<StatusShare>[] = [
  { header: 'Status', cell: (row) => row.status },
  { header: 'Orders', cell: (row) => formatCount(row.orders) },
  { header: 'Revenue', cell: (row) => formatAmount(row.revenue) },
]

/** 'Revenue by status': a donut in the overview's status colours. */
export function StatusChart({ report }: { report: SalesReport | undefined }) {
  const chartColors = useChartColors()
  const plugins = themedPlugins(chartColors)
  const colors = statusColors(chartColors)
  const rows = report?.by_status ?? []
  return (
    <ReportCard
      title="Revenue by status"
      description="Revenue of the period's orders in each status"
      figures={{ columns, rows, rowKey: (row) => row.status }}
    >
      <div style={{ height: 250, maxHeight: 250, position: 'relative' }}>
        <Doughnut
          role="img"
          aria-label="Donut chart: revenue by status"
          data={{
            labels: rows.map((row) => row.status),
            datasets: [
              {
                label: 'Revenue',
                data: rows.map((row) => Number(row.revenue)),
                backgroundColor: rows.map((row) => colors[row.status]),
                borderColor: chartColors.surface,
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            cutout: 60,
            plugins: {
              ...plugins,
              legend: { ...plugins.legend, position: 'bottom' },
              tooltip: {
                ...plugins.tooltip,
                callbacks: {
                  label: (item) => `Revenue: ${formatAmount(rows[item.dataIndex]?.revenue ?? '0')}`,
                },
              },
            },
          }}
        />
      </div>
    </ReportCard>
  )
}
