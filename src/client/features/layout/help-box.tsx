import { Anchor, Paper, Text } from '@mantine/core'
import { SUPPORT_PHONE } from './nav-links'

export function HelpBox({ className }: { className?: string }) {
  return (
    <Paper withBorder p="sm" className={className}>
      <Text fw={700}>Contact for Help</Text>
      <Text size="sm" c="dimmed" my={4}>
        Questions or stuck on something? Call us and we will gladly assist you.
      </Text>
      <Anchor href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`} size="sm" fw={600}>
        {SUPPORT_PHONE}
      </Anchor>
    </Paper>
  )
}
