import type { HistoryEntry } from '#shared/history'
import { AnchorLink } from '../../components/anchor-link'
import { DataTable, type DataColumn } from '../../components/data-table'
import { RelativeTime } from '../../components/history-section'
import { describeChange } from '../../lib/history-text'
import { RestoreButton, type Restore } from './restore-button'

const ENTITY: Record<HistoryEntry['entity'], string> = {
  customer: 'Customer',
  order: 'Order',
  agent: 'Agent',
  note: 'Note',
  task: 'Task',
  api_key: 'API key',
  webhook: 'Webhook',
}

/** 'Customer updated', 'Orders imported', 'Agent deactivated'. */
function what(entry: HistoryEntry): string {
  const entity = ENTITY[entry.entity]
  if (entry.action === 'import') return `${entity}s imported`
  if (entry.action === 'update') return `${entity} updated`
  return `${entity} ${describeChange(entry)}`
}

/** The summary, as a link to the customer's or order's page when the entry is about one. */
function Summary({ entry }: { entry: HistoryEntry }) {
  const id = entry.entity_id
  if (id === null || (entry.entity !== 'customer' && entry.entity !== 'order')) return entry.summary
  return (
    <AnchorLink
      to={entry.entity === 'customer' ? '/dashboard/customers/$id' : '/dashboard/orders/$id'}
      params={{ id }}
    >
      {entry.summary}
    </AnchorLink>
  )
}

interface HistoryTableProps {
  rows: HistoryEntry[]
  stale: boolean
  /** Left out for those who may not write (a Tester): no 'Restore' column. */
  restore?: Restore
}

/** BEYOND.md "History screen": time, who, what and summary, newest first. */
export function HistoryTable({ rows, stale, restore }: HistoryTableProps) {
  const columns: DataColumn<HistoryEntry>[] = [
    { header: 'Time', cell: (entry) => <RelativeTime at={entry.at} /> },
    { header: 'Who', cell: (entry) => entry.actor?.username ?? 'operator' },
    { header: 'What', cell: what },
    // A phone's card leads with the summary ('Olivia Smith · updated city …').
    { header: 'Summary', card: 'title', cell: (entry) => <Summary entry={entry} /> },
  ]
  if (restore) {
    columns.push({
      header: 'Action',
      card: 'actions',
      cell: (entry) => <RestoreButton entry={entry} restore={restore} />,
    })
  }
  return (
    <DataTable
      caption="Every change to customers, orders and the team, newest first."
      columns={columns}
      rows={rows}
      rowKey={(entry) => entry.id}
      stale={stale}
    />
  )
}
