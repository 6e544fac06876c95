import { SimpleGrid, Stack, Title } from '@mantine/core'
import { CustomerDistributionChart } from './customer-distribution-chart'
import { OrderStatusChart } from './order-status-chart'
import { SummaryCards } from './summary-cards'

/** Spec 2 Overview: four summary cards, then two charts side by side on large screens. */
export function OverviewPage() {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Overview
      </Title>
      <SummaryCards />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CustomerDistributionChart />
        <OrderStatusChart />
      </SimpleGrid>
    </Stack>
  )
}
