import { useEffect } from 'react'
import { Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconTrendingUp } from '@tabler/icons-react'
import { statsQueries } from '../../api/stats'
import { Bar } from '../../lib/chart'
import { themedAxis, themedPlugins } from '../../lib/chart-theme'
import { useChartColors } from '../../lib/chart-colors'
import { ChartCard } from './chart-card'

/** Beyond this many cities the bars get unreadable; the rest are summed as 'Other'. */
const MAX_CITIES = 10

function topCities(cities: { city: string; count: number }[]) {
  const named = cities.map((c) => ({ label: c.city || 'Unknown', value: c.count }))
  if (named.length <= MAX_CITIES) return named
  const other = named.slice(MAX_CITIES).reduce((sum, c) => sum + c.value, 0)
  return [...named.slice(0, MAX_CITIES), { label: 'Other', value: other }]
}

/** Spec 2 'Customer Distribution': a bar per city, empty until the counts arrive. */
export function CustomerDistributionChart() {
  const { data, error } = useQuery(statsQueries.customersByCity())
  const colors = useChartColors()
  const axis = themedAxis(colors)
  const plugins = themedPlugins(colors)
  // Spec 8: a failed fetch is logged only; the chart stays empty.
  useEffect(() => {
    if (error) console.error('Failed to fetch customers:', error)
  }, [error])
  const bars = topCities(data?.cities ?? [])

  return (
    <ChartCard
      title="Customer Distribution"
      description="Number of customers per city"
      summary={bars}
      footer={
        <Group gap={6}>
          <Text size="sm" fw={500}>
            Trending up by 5.2% this month
          </Text>
          <IconTrendingUp size={16} aria-hidden />
        </Group>
      }
      note="Showing total customers per city"
    >
      <div style={{ height: 300, position: 'relative' }}>
        <Bar
          role="img"
          aria-label="Bar chart: number of customers per city"
          data={{
            labels: bars.map((b) => b.label),
            datasets: [
              {
                label: 'Customers',
                data: bars.map((b) => b.value),
                backgroundColor: colors.accent,
                borderRadius: 8,
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            plugins: { ...plugins, legend: { ...plugins.legend, display: false } },
            scales: {
              x: axis,
              y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } },
            },
          }}
        />
      </div>
    </ChartCard>
  )
}
