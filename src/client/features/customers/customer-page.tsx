import type { ReactNode } from 'react'
import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { Customer } from '#shared/customer'
import { customerQueries } from '../../api/customers'
import { historyQueries } from '../../api/history'
import { DetailList } from '../../components/detail-list'
import { OwnerDetail } from './owner-select'
import { HistorySection } from '../../components/history-section'
import { RecordHeader, RecordScreen, useRecordActions } from '../../components/record-screen'
import { formatDate } from '../../lib/format'
import { describeChange } from '../../lib/history-text'
import { CustomerDeleteDialog } from './customer-delete-dialog'
import { CustomerEditDialog } from './customer-edit-dialog'
import { CustomerFigures } from './customer-figures'

interface CustomerPageProps {
  id: number
  /** The customer's orders section; the orders feature draws it (the route wires it in). */
  orders: (customer: Customer) => ReactNode
  /** Its Tasks and Notes sections (the tasks and notes features; the route wires them in). */
  followUps: (customer: Customer) => ReactNode
}

/** BEYOND.md "Customer page": `/dashboard/customers/{id}`. */
export function CustomerPage({ id, orders, followUps }: CustomerPageProps) {
  return (
    <RecordScreen
      id={id}
      detail={customerQueries.detail}
      loadingLabel="Loading customer"
      notFound={{
        title: 'Customer not found',
        back: { to: '/dashboard/customers', label: 'Back to customers' },
      }}
    >
      {(found) => (
        <CustomerDetails customer={found} orders={orders(found)} followUps={followUps(found)} />
      )}
    </RecordScreen>
  )
}

interface CustomerDetailsProps {
  customer: Customer
  orders: ReactNode
  followUps: ReactNode
}

function CustomerDetails({ customer, orders, followUps }: CustomerDetailsProps) {
  const navigate = useNavigate()
  const actions = useRecordActions()
  return (
    <Stack gap="lg">
      <RecordHeader title={customer.name} actions={actions} />
      <DetailList
        details={[
          { label: 'Email', value: customer.email || '—' },
          { label: 'Phone', value: customer.phone || '—' },
          {
            label: 'Location',
            value: [customer.city, customer.country].filter(Boolean).join(', ') || '—',
          },
          { label: 'Created', value: formatDate(customer.date_created) },
          { label: 'Owner', value: <OwnerDetail customer={customer} /> },
        ]}
      />
      <CustomerFigures id={customer.id} nextFollowUp={customer.next_follow_up} />
      {orders}
      {followUps}
      <CustomerHistory customer={customer} />
      <CustomerEditDialog
        customer={customer}
        opened={actions.editing}
        onClose={actions.edit.close}
      />
      <CustomerDeleteDialog
        id={customer.id}
        opened={actions.deleting}
        onClose={actions.confirmDelete.close}
        onError={actions.setDeleteError}
        onDeleted={() => void navigate({ to: '/dashboard/customers' })}
      />
    </Stack>
  )
}

/** "Olivia Smith · updated city London → Leeds · johndoe · 3 minutes ago", newest first. */
function CustomerHistory({ customer }: { customer: Customer }) {
  const history = useQuery(historyQueries.record('customer', customer.id))
  return (
    <HistorySection
      title="History"
      empty="No changes recorded yet."
      loading={history.isPending}
      error={history.error?.message}
      entries={(history.data?.History ?? []).map((entry) => ({
        ...entry,
        summary: `${customer.name} · ${describeChange(entry)}`,
      }))}
    />
  )
}
