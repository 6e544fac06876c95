import type { Order } from '#shared/order'
import { DataTable, type DataColumn } from '../../components/data-table'
import { actionColumn, type RowTableProps } from '../../components/row-actions'
import { formatAmount, formatDate } from '../../lib/format'
import type { Selection } from '../../components/use-selection'
import { CustomerLink, customerName, orderLabel } from './order-links'
import { StatusBadge } from './status-badge'
import { AnchorLink } from '../../components/anchor-link'

/**
 * Spec 2 columns: Order ID, Customer, Status, Total Amount, Order Date, Action. The id
 * opens the order's page, the name the customer's.
 */
export function OrderTable({
  rows,
  stale,
  sort,
  onEdit,
  onDelete,
  linkCustomers = true,
  empty,
  selection,
}: RowTableProps<Order> & {
  /** The rows checked for a bulk change (none for a Tester). */
  selection?: Selection
  /** False on a customer's own page, where every row would link back to it. */
  linkCustomers?: boolean
  /** 'No orders match.' while a search or filters narrow the list. */
  empty?: string
}) {
  const columns: DataColumn<Order>[] = [
    {
      header: 'Order ID',
      sort: 'id',
      cell: (o) => (
        <AnchorLink to="/dashboard/orders/$id" params={{ id: o.id }}>
          {orderLabel(o)}
        </AnchorLink>
      ),
    },
    {
      header: 'Customer',
      sort: 'customer_name',
      cell: (o) => (linkCustomers ? <CustomerLink order={o} /> : customerName(o)),
    },
    { header: 'Status', sort: 'status', cell: (o) => <StatusBadge status={o.status} /> },
    { header: 'Total Amount', sort: 'total_Amount', cell: (o) => formatAmount(o.total_Amount) },
    { header: 'Order Date', sort: 'date_created', cell: (o) => formatDate(o.date_created) },
    actionColumn({ label: orderLabel, onEdit, onDelete }),
  ]
  return (
    <DataTable
      caption="A list of your recent orders."
      columns={columns}
      rows={rows}
      rowKey={(o) => o.id}
      stale={stale}
      sort={sort}
      empty={empty}
      selection={selection}
    />
  )
}
