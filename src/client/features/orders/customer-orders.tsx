import { Button, Group, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import { orderQueries } from '../../api/orders'
import { ErrorText } from '../../components/data-table'
import { PagedList } from '../../components/list-screen'
import type { TablePageProps } from '../../lib/list-search'
import type { PickedCustomer } from './order-fields'
import { OrderTable } from './order-table'
import { orderSearch } from './search-params'
import { useOrderDialogs } from './use-order-dialogs'

interface CustomerOrdersProps extends TablePageProps {
  customer: PickedCustomer
}

/**
 * BEYOND.md "Customer page": this customer's orders only, 25 a page, sortable, with
 * 'Add Order' opening the add dialog with the customer already picked.
 */
export function CustomerOrders({ customer, ...table }: CustomerOrdersProps) {
  const list = useQuery(orderQueries.list(orderSearch.toQuery({ ...table, customer: customer.id })))
  const dialogs = useOrderDialogs(customer)
  return (
    <Stack component="section" aria-label="Orders" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Orders
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={dialogs.onAdd}>
          Add Order
        </Button>
      </Group>
      {dialogs.deleteError !== null && <ErrorText message={dialogs.deleteError} />}
      <PagedList
        list={list}
        loadingLabel="Loading orders"
        page={table.page}
        onPageChange={table.onPageChange}
        table={(data) => (
          <OrderTable
            rows={data.Orders}
            stale={list.isPlaceholderData}
            linkCustomers={false}
            sort={{ value: table.sort, onChange: table.onSortChange }}
            onEdit={dialogs.onEdit}
            onDelete={dialogs.onDelete}
          />
        )}
      />
      {dialogs.dialogs}
    </Stack>
  )
}
