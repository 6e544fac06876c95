import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { IconUserPlus } from '@tabler/icons-react'
import { teamQueries } from '../../api/team'
import { AnchorLink } from '../../components/anchor-link'
import { TableLoader } from '../../components/data-table'
import { PagedList } from '../../components/list-screen'
import { useRowDialog } from '../../components/use-row-dialog'
import { useRole } from '../../lib/role'
import { AddAgentDialog } from './add-agent-dialog'
import { TeamDialog, type PendingChange } from './team-dialog'
import { TeamTable } from './team-table'

interface TeamPageProps {
  page: number
  onPageChange: (page: number) => void
}

/** BEYOND.md "Team screen": `/dashboard/team`, an Admin's only. */
export function TeamPage({ page, onPageChange }: TeamPageProps) {
  const { role, isLoading } = useRole()
  const admin = role === 'Admin'
  // Asked for only by an Admin: the server answers 403 to anyone else.
  const list = useQuery({ ...teamQueries.page(page), enabled: admin })
  const confirm = useRowDialog<PendingChange>()
  const [adding, addAgent] = useDisclosure(false)
  if (isLoading) return <TableLoader label="Loading team" />
  if (!admin) return <NoAccess />
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Team
        </Title>
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={addAgent.open}>
          Add agent
        </Button>
      </Group>
      <PagedList
        list={list}
        loadingLabel="Loading team"
        page={page}
        onPageChange={onPageChange}
        table={(data) => (
          <TeamTable rows={data.Agents} stale={list.isPlaceholderData} onChange={confirm.open} />
        )}
      />
      <TeamDialog pending={confirm.row} opened={confirm.opened} onClose={confirm.close} />
      <AddAgentDialog opened={adding} onClose={addAgent.close} />
    </Stack>
  )
}

/** What anyone but an Admin sees at `/dashboard/team`. */
function NoAccess() {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1} size="h2">
        You do not have access to this page
      </Title>
      <Text c="dimmed">Only an Admin can manage the team.</Text>
      <AnchorLink to="/dashboard/overview">Back to the overview</AnchorLink>
    </Stack>
  )
}
