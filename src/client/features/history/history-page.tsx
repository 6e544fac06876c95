import { Group, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { historyQueries } from '../../api/history'
import { TableLoader } from '../../components/data-table'
import { PagedList } from '../../components/list-screen'
import { useRole } from '../../lib/role'
import { AgentFilter, KindFilter } from './history-filters'
import { HistoryTable } from './history-table'
import type { Restore } from './restore-button'
import { historySearch, type HistoryKind } from './search-params'

interface HistoryPageProps {
  page: number
  onPageChange: (page: number) => void
  kind: HistoryKind | undefined
  onKindChange: (kind: HistoryKind | undefined) => void
  agent: number | undefined
  onAgentChange: (agent: number | undefined) => void
  /** The customers' and orders' restore (the route wires those features in). */
  restore: Restore
}

/** BEYOND.md "History screen": `/dashboard/history`. */
export function HistoryPage(props: HistoryPageProps) {
  const { role, canWrite } = useRole()
  const admin = role === 'Admin'
  // Only an Admin filters by agent or sees the team's entries; a link's others are ignored.
  const kind = admin || props.kind !== 'team' ? props.kind : undefined
  const agent = admin ? props.agent : undefined
  const list = useQuery({
    ...historyQueries.list(historySearch.toQuery({ kind, agent, page: props.page })),
    enabled: role !== '',
  })
  // The role decides the filters and whether 'Restore' is offered: wait for it as the lists do.
  if (role === '') return <TableLoader label="Loading history" />
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        History
      </Title>
      <Group align="flex-end" gap="sm">
        <KindFilter value={kind} onChange={props.onKindChange} admin={admin} />
        {admin && <AgentFilter value={agent} onChange={props.onAgentChange} />}
      </Group>
      <PagedList
        list={list}
        loadingLabel="Loading history"
        page={props.page}
        onPageChange={props.onPageChange}
        table={(data) => (
          <HistoryTable
            rows={data.History}
            stale={list.isPlaceholderData}
            restore={canWrite ? props.restore : undefined}
          />
        )}
      />
    </Stack>
  )
}
