import { Loader, Paper, Text } from '@mantine/core'
import { useRole } from '../../lib/role'

/** Spec 2: the agent's role name; fetched when the sidebar first appears. */
export function RoleBox({ className }: { className?: string }) {
  const { role, isLoading } = useRole()
  return (
    <Paper withBorder p="sm" className={className} aria-label="Role">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        Role
      </Text>
      {isLoading ? (
        <Loader size="xs" type="dots" aria-label="Loading role" />
      ) : (
        <Text fw={600}>{role || 'Unavailable'}</Text>
      )}
    </Paper>
  )
}
