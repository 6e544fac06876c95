import type { SalesReport } from '#shared/reports'
import { Bar } from '../../lib/chart'
import { useChartColors } from '../../lib/chart-colors'
import { themedAxis, themedPlugins } from '../../lib/chart-theme'
import { formatAmount, formatCount } from '../../lib/format'
import { ReportCard, type FigureColumn } from './report-card'

interface CityShare {
  /** The city, or '' for 'Other' (no city in by_city is empty). */
  key: string
  city: string
  orders: number
  revenue: string
}

const columns: FigureColumn<CityShare>[] = [
  { header: 'City', cell: (row) => row.city },
  { header: 'Orders', cell: (row) => formatCount(row.orders) },
  { header: 'Revenue', cell: (row) => formatAmount(row.revenue) },
]

/** The ten cities, then 'Other' (every other city, and customers without one) when it sold. */
function citiesOf(report: SalesReport | undefined): CityShare[] {
  if (!report) return []
  const other = report.other_cities
  const cities = report.by_city.map((row) => ({ key: row.city, ...row }))
  return other.orders > 0 ? [...cities, { key: '', city: 'Other', ...other }] : cities
}

/** 'Revenue by city': a bar per city, largest first. */
export function CityChart({ report }: { report: SalesReport | undefined }) {
  const colors = useChartColors()
  const axis = themedAxis(colors)
  const plugins = themedPlugins(colors)
  const rows = citiesOf(report)
  return (
    <ReportCard
      title="Revenue by city"
      description="Revenue from each city's customers: the ten largest, then the rest"
      figures={{ columns, rows, rowKey: (row) => row.key }}
    >
      <div style={{ height: 300, position: 'relative' }}>
        <Bar
          role="img"
          aria-label="Bar chart: revenue by city"
          data={{
            labels: rows.map((row) => row.city),
            datasets: [
              {
                label: 'Revenue',
                data: rows.map((row) => Number(row.revenue)),
                backgroundColor: colors.accent,
                borderRadius: 4,
              },
            ],
          }}
          options={{
            indexAxis: 'y',
            maintainAspectRatio: false,
            plugins: {
              ...plugins,
              legend: { ...plugins.legend, display: false },
              tooltip: {
                ...plugins.tooltip,
                callbacks: {
                  label: (item) => `Revenue: ${formatAmount(rows[item.dataIndex]?.revenue ?? '0')}`,
                  afterLabel: (item) => `Orders: ${formatCount(rows[item.dataIndex]?.orders ?? 0)}`,
                },
              },
            },
            scales: { x: { ...axis, beginAtZero: true }, y: axis },
          }}
        />
      </div>
    </ReportCard>
  )
}
