import { Badge, Button, NativeSelect } from '@mantine/core'
import type { TeamAgent } from '#shared/agent'
import { ROLES, type RoleName } from '#shared/constants'
import { DataTable, type DataColumn } from '../../components/data-table'
import { RelativeTime } from '../../components/history-section'
import type { PendingChange } from './team-dialog'

interface TeamTableProps {
  rows: TeamAgent[]
  stale: boolean
  /** Opens the confirmation of a change; nothing changes before it. */
  onChange: (pending: PendingChange) => void
}

/** BEYOND.md "Team screen": username, name, email, role, status, last sign-in. */
export function TeamTable({ rows, stale, onChange }: TeamTableProps) {
  const columns: DataColumn<TeamAgent>[] = [
    { header: 'Username', cell: (a) => a.username },
    { header: 'Name', cell: (a) => `${a.first_name} ${a.last_name}`.trim() || '—' },
    { header: 'Email', cell: (a) => a.email || '—' },
    {
      header: 'Role',
      cell: (agent) => (
        <NativeSelect
          aria-label={`Role of ${agent.username}`}
          data={[...ROLES]}
          value={agent.role}
          size="xs"
          w={110}
          onChange={(event) =>
            onChange({ agent, change: { role: event.currentTarget.value as RoleName } })
          }
        />
      ),
    },
    {
      header: 'Status',
      cell: (a) =>
        a.active ? (
          <Badge variant="light" color="teal" c="var(--crm-status-delivered)" tt="none">
            Active
          </Badge>
        ) : (
          // Its whole word: the table would otherwise narrow the column to 'Deactivat…'.
          <Badge variant="light" color="gray" tt="none" miw="max-content">
            Deactivated
          </Badge>
        ),
    },
    {
      header: 'Last sign-in',
      cell: (a) => (a.last_login ? <RelativeTime at={a.last_login} /> : 'Never'),
    },
    {
      header: 'Action',
      card: 'actions',
      cell: (agent) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onChange({ agent, change: { active: !agent.active } })}
        >
          {agent.active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    },
  ]
  return (
    <DataTable
      caption="The agents of this CRM, with their roles."
      columns={columns}
      rows={rows}
      rowKey={(a) => a.id}
      stale={stale}
    />
  )
}
