import type { Customer } from '#shared/customer'
import { DataTable, type DataColumn } from '../../components/data-table'
import { actionColumn, type RowTableProps } from '../../components/row-actions'
import { formatDate } from '../../lib/format'
import type { Selection } from '../../components/use-selection'
import { AnchorLink } from '../../components/anchor-link'

/** Spec 2 columns: Name, Email, Location, Phone, Created, Action; the name opens the customer. */
export function CustomerTable({
  rows,
  stale,
  sort,
  onEdit,
  onDelete,
  empty,
  selection,
}: RowTableProps<Customer> & {
  /** 'No customers match.' while a search or filters narrow the list. */
  empty?: string
  /** The rows checked for a bulk change (none for a Tester). */
  selection?: Selection
}) {
  const columns: DataColumn<Customer>[] = [
    {
      header: 'Name',
      sort: 'name',
      cell: (c) => (
        <AnchorLink to="/dashboard/customers/$id" params={{ id: c.id }}>
          {c.name}
        </AnchorLink>
      ),
    },
    { header: 'Email', sort: 'email', cell: (c) => c.email },
    {
      header: 'Location',
      sort: 'city',
      cell: (c) => [c.city, c.country].filter(Boolean).join(', '),
    },
    { header: 'Phone', sort: 'phone', cell: (c) => c.phone },
    { header: 'Created', sort: 'date_created', cell: (c) => formatDate(c.date_created) },
    actionColumn({ label: (c) => c.name, onEdit, onDelete }),
  ]
  return (
    <DataTable
      caption="A list of your recent customers."
      columns={columns}
      rows={rows}
      rowKey={(c) => c.id}
      stale={stale}
      sort={sort}
      empty={empty}
      selection={selection}
    />
  )
}
