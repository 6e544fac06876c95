import type { Customer } from '../../../shared/customer'
import { DataTable, type DataColumn } from '../../components/data-table'
import { actionColumn, type RowTableProps } from '../../components/row-actions'

/** Spec 2 columns: Name, Email, Location, Phone, Created, Action. */
export function CustomerTable({ rows, stale, onEdit, onDelete }: RowTableProps<Customer>) {
  const columns: DataColumn<Customer>[] = [
    { header: 'Name', cell: (c) => c.name },
    { header: 'Email', cell: (c) => c.email },
    { header: 'Location', cell: (c) => [c.city, c.country].filter(Boolean).join(', ') },
    { header: 'Phone', cell: (c) => c.phone },
    { header: 'Created', cell: (c) => c.date_created.slice(0, 10) },
    actionColumn({ label: (c) => c.name, onEdit, onDelete }),
  ]
  return (
    <DataTable
      caption="A list of your recent customers."
      columns={columns}
      rows={rows}
      rowKey={(c) => c.id}
      stale={stale}
    />
  )
}
