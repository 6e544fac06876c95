import { useEffect } from 'react'
import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { statsQueries } from '../../api/stats'
import { Doughnut } from '../../lib/chart'
import { useChartColors } from '../../lib/chart-colors'
import { statusColors, themedPlugins } from '../../lib/chart-theme'
import { formatCount } from '../../lib/format'
import { ChartCard } from './chart-card'

/** Spec 2 'Order Status Pie Chart': a donut of the three statuses, empty until counts arrive. */
export function OrderStatusChart() {
  const { data, error } = useQuery(statsQueries.ordersByStatus())
  const chartColors = useChartColors()
  const plugins = themedPlugins(chartColors)
  // Spec 8: a failed fetch is logged only; the chart stays empty.
  useEffect(() => {
    if (error) console.error('Failed to fetch orders:', error)
  }, [error])
  const colors = statusColors(chartColors)
  const slices = (data?.statuses ?? []).map((s) => ({ label: s.status, value: s.count }))

  return (
    <ChartCard
      title="Order Status Pie Chart"
      description="Orders by status"
      summary={slices}
      footer={
        <Text size="sm" fw={500}>
          Total Orders: {formatCount(data?.total ?? 0)}
        </Text>
      }
      note="Showing total orders by status"
    >
      <div style={{ height: 250, maxHeight: 250, position: 'relative' }}>
        <Doughnut
          role="img"
          aria-label="Donut chart: orders by status"
          data={{
            labels: slices.map((s) => s.label),
            datasets: [
              {
                label: 'Orders',
                data: slices.map((s) => s.value),
                backgroundColor: (data?.statuses ?? []).map((s) => colors[s.status]),
                borderColor: chartColors.surface,
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            cutout: 60,
            plugins: { ...plugins, legend: { ...plugins.legend, position: 'bottom' } },
          }}
        />
      </div>
    </ChartCard>
  )
}
