import { Card, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core'
import {
  IconArrowDown,
  IconArrowDownRight,
  IconArrowUp,
  IconArrowUpRight,
  IconCurrencyDollar,
  IconMail,
  IconMenu2,
  IconUsers,
} from '@tabler/icons-react'

/** Spec 2: a card's large icon is one of these. */
const ICONS = {
  dollar: IconCurrencyDollar,
  users: IconUsers,
  menu: IconMenu2,
  mail: IconMail,
  down: IconArrowDown,
  up: IconArrowUp,
} as const

export interface SummaryCardProps {
  title: string
  amount: string
  icon: keyof typeof ICONS
  change?: { percent: number; direction: 'up' | 'down' }
  description?: string
  /** Draws a bar whose width is the amount itself (spec: PROGRESS 75.5%). */
  withProgress?: boolean
}

export function SummaryCard({
  title,
  amount,
  icon,
  change,
  description,
  withProgress,
}: SummaryCardProps) {
  const Icon = ICONS[icon]
  const down = change?.direction === 'down'
  const ChangeIcon = down ? IconArrowDownRight : IconArrowUpRight
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={700}>
            {title}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {amount}
          </Text>
        </Stack>
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <Icon size={28} />
        </ThemeIcon>
      </Group>
      {(change || description) && (
        <Group gap={6} mt="md" wrap="nowrap">
          {change && (
            // Spec 2: down is red, otherwise green.
            <Group gap={2} c={down ? 'var(--crm-negative)' : 'var(--crm-positive)'} wrap="nowrap">
              <ChangeIcon size={16} aria-label={down ? 'down' : 'up'} />
              <Text size="sm" fw={600} c={down ? 'var(--crm-negative)' : 'var(--crm-positive)'}>
                {change.percent}%
              </Text>
            </Group>
          )}
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Group>
      )}
      {withProgress && (
        <Progress value={parseFloat(amount)} mt="md" aria-label={`${title} ${amount}`} />
      )}
    </Card>
  )
}
