import { Stack, Text, Title } from '@mantine/core'
import { AnchorLink } from '../../components/anchor-link'
import { TableLoader } from '../../components/data-table'
import { useRole } from '../../lib/role'
import { ApiKeysSection } from './api-keys-section'
import { BackupSection } from './backup-section'
import { WebhooksSection } from './webhooks-section'

/** BEYOND.md "Admin": `/dashboard/admin`, an Admin's only: keys, webhooks, backup. */
export function AdminPage() {
  const { role, isLoading } = useRole()
  if (isLoading) return <TableLoader label="Loading" />
  if (role !== 'Admin') return <NoAccess />
  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        Admin
      </Title>
      <ApiKeysSection />
      <WebhooksSection />
      <BackupSection />
    </Stack>
  )
}

function NoAccess() {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1} size="h2">
        You do not have access to this page
      </Title>
      <Text c="dimmed">Only an Admin can manage API keys, webhooks and backups.</Text>
      <AnchorLink to="/dashboard/overview">Back to the overview</AnchorLink>
    </Stack>
  )
}
