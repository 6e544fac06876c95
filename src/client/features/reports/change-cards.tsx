import { Card, Group, SimpleGrid, Text } from '@mantine/core'
import type { SalesReport } from '#shared/reports'
import { formatAmount, formatCount } from '../../lib/format'
import { changeOf } from './change'

const COLORS = {
  up: 'var(--crm-positive)',
  down: 'var(--crm-negative)',
  none: 'var(--mantine-color-dimmed)',
}

interface ChangeCardProps {
  title: string
  value: string
  current: number
  previous: number
}

function ChangeCard({ title, value, current, previous }: ChangeCardProps) {
  const change = changeOf(current, previous)
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Text size="xs" c="dimmed" fw={700}>
        {title}
      </Text>
      {/* A figure too wide for its card (millions) breaks rather than spill out of it. */}
      <Text fz={28} fw={700} lh={1.2} mt={4} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <Group gap={6} mt="sm" style={{ rowGap: 0 }}>
        {/* The arrow and its figure, and the words after them, each stay on one line. */}
        <Text size="sm" fw={700} style={{ color: COLORS[change.direction], whiteSpace: 'nowrap' }}>
          {change.text}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          vs previous period
        </Text>
      </Group>
    </Card>
  )
}

/** The four cards: the period's figures, each against the previous period of its length. */
export function ChangeCards({ report }: { report: SalesReport | undefined }) {
  const now = report?.totals
  const before = report?.previous
  const money = (value: string | undefined) => formatAmount(value ?? '0')
  return (
    // The overview's breakpoints: four in a row only where each card fits a revenue figure.
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }}>
      <ChangeCard
        title="Revenue"
        value={money(now?.revenue)}
        current={Number(now?.revenue ?? 0)}
        previous={Number(before?.revenue ?? 0)}
      />
      <ChangeCard
        title="Orders"
        value={formatCount(now?.orders ?? 0)}
        current={now?.orders ?? 0}
        previous={before?.orders ?? 0}
      />
      <ChangeCard
        title="Average order"
        value={money(now?.average_order)}
        current={Number(now?.average_order ?? 0)}
        previous={Number(before?.average_order ?? 0)}
      />
      <ChangeCard
        title="New customers"
        value={formatCount(now?.new_customers ?? 0)}
        current={now?.new_customers ?? 0}
        previous={before?.new_customers ?? 0}
      />
    </SimpleGrid>
  )
}
