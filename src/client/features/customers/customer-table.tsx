import { ActionIcon, Group } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { Customer } from '../../../shared/customer'
import { DataTable, type DataColumn } from '../../lib/data-table'

interface CustomerTableProps {
  customers: Customer[]
  stale: boolean
  onEdit: (customer: Customer) => void
  onDelete: (customer: Customer) => void
}

/** Spec 2 columns: Name, Email, Location, Phone, Created, Action. */
export function CustomerTable({ customers, stale, onEdit, onDelete }: CustomerTableProps) {
  const columns: DataColumn<Customer>[] = [
    { header: 'Name', cell: (c) => c.name },
    { header: 'Email', cell: (c) => c.email },
    { header: 'Location', cell: (c) => [c.city, c.country].filter(Boolean).join(', ') },
    { header: 'Phone', cell: (c) => c.phone },
    { header: 'Created', cell: (c) => c.date_created.slice(0, 10) },
    {
      header: 'Action',
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${c.name}`} onClick={() => onEdit(c)}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${c.name}`}
            onClick={() => onDelete(c)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
  ]
  return (
    <DataTable
      caption="A list of your recent customers."
      columns={columns}
      rows={customers}
      rowKey={(c) => c.id}
      stale={stale}
    />
  )
}
