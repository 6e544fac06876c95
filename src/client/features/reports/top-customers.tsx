import type { SalesReport } from '#shared/reports'
import { AnchorLink } from '../../components/anchor-link'
import { DataTable, type DataColumn } from '../../components/data-table'
import { formatAmount, formatCount } from '../../lib/format'
import { ReportCard } from './report-card'

type TopCustomer = SalesReport['top_customers'][number]

const columns: DataColumn<TopCustomer>[] = [
  {
    header: 'Name',
    card: 'title',
    cell: (row) => (
      <AnchorLink to="/dashboard/customers/$id" params={{ id: row.id }}>
        {row.name}
      </AnchorLink>
    ),
  },
  { header: 'Orders', cell: (row) => formatCount(row.orders) },
  { header: 'Revenue', cell: (row) => formatAmount(row.revenue) },
]

/** 'Top customers': the ten who bought the most in the period. */
export function TopCustomers({ report }: { report: SalesReport | undefined }) {
  return (
    <ReportCard title="Top customers" description="The ten customers with the most revenue">
      <DataTable
        caption="Top customers"
        columns={columns}
        rows={report?.top_customers ?? []}
        rowKey={(row) => row.id}
      />
    </ReportCard>
  )
}
