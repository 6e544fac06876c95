import { SegmentedControl, Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { teamQueries } from '../../api/team'
import type { HistoryKind } from './search-params'

const ALL = 'All'
const LABELS: Record<HistoryKind, string> = {
  customers: 'Customers',
  orders: 'Orders',
  team: 'Team',
}

interface KindFilterProps {
  value: HistoryKind | undefined
  onChange: (kind: HistoryKind | undefined) => void
  /** 'Team' is offered to an Admin only. */
  admin: boolean
}

/** BEYOND.md "History screen": 'All', 'Customers', 'Orders', and 'Team' for an Admin. */
export function KindFilter({ value, onChange, admin }: KindFilterProps) {
  const kinds: HistoryKind[] = admin ? ['customers', 'orders', 'team'] : ['customers', 'orders']
  return (
    <SegmentedControl
      aria-label="Kind"
      data={[ALL, ...kinds.map((kind) => LABELS[kind])]}
      value={value ? LABELS[value] : ALL}
      onChange={(label) => onChange(kinds.find((kind) => LABELS[kind] === label))}
    />
  )
}

interface AgentFilterProps {
  value: number | undefined
  onChange: (agent: number | undefined) => void
}

/** An Admin's filter by who made the change, fed by GET agents/. */
export function AgentFilter({ value, onChange }: AgentFilterProps) {
  const team = useQuery(teamQueries.everyone())
  const options = (team.data?.Agents ?? []).map((agent) => ({
    value: String(agent.id),
    label: agent.username,
  }))
  return (
    <Select
      label="Agent"
      placeholder="All agents"
      searchable
      clearable
      nothingFoundMessage={team.isPending ? 'Loading...' : 'No agents found'}
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
      w={{ base: '100%', xs: 220 }}
    />
  )
}
