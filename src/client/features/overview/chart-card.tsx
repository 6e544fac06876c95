import { useId, type ReactNode } from 'react'
import { Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core'

interface ChartCardProps {
  title: string
  description: string
  /** The figures drawn, read out to screen readers since a canvas has no text. */
  summary: { label: string; value: number }[]
  footer: ReactNode
  note: string
  children: ReactNode
}

export function ChartCard({ title, description, summary, footer, note, children }: ChartCardProps) {
  const titleId = useId()
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Title id={titleId} order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
      {summary.length > 0 && (
        <VisuallyHidden>
          <ul aria-label={`${title} data`}>
            {summary.map((item) => (
              <li key={item.label}>
                {item.label}: {item.value}
              </li>
            ))}
          </ul>
        </VisuallyHidden>
      )}
      <Stack gap={2} mt="md">
        {footer}
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      </Stack>
    </Card>
  )
}
