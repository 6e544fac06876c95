import { useQuery } from '@tanstack/react-query'
import type { OrderStatus } from '#shared/constants'
import { orderQueries } from '../../api/orders'
import { CsvActions } from '../../components/csv-actions'
import { ListScreen } from '../../components/list-screen'
import { CSV_RESOURCES } from '../../lib/csv-file'
import type { ListPageProps } from '../../lib/list-search'
import { CreatedChips } from './created-chips'
import { createdQuery, type CreatedSearch } from './created-filter'
import { useRefreshAfterOrderImport } from './mutations'
import { OrderTable } from './order-table'
import { orderSearch } from './search-params'
import { StatusFilter } from './status-filter'
import { useOrderDialogs } from './use-order-dialogs'

interface OrdersPageProps extends ListPageProps {
  /** `?status=Pending`: the list, its count and its pages show only these. */
  status: OrderStatus | undefined
  onStatusChange: (status: OrderStatus | undefined) => void
  /** `?created_from=…&created_to=…` (a report's bar): shown as chips that remove them. */
  created: CreatedSearch
  onCreatedRemove: (key: keyof CreatedSearch) => void
}

export function OrdersPage({
  status,
  onStatusChange,
  created,
  onCreatedRemove,
  ...props
}: OrdersPageProps) {
  const list = useQuery(orderQueries.list(orderSearch.toQuery({ ...props, status, ...created })))
  const dialogs = useOrderDialogs()
  const refreshAfterImport = useRefreshAfterOrderImport()
  return (
    <ListScreen
      {...props}
      title="Orders"
      addLabel="Add Order"
      searchPlaceholder="Search Order"
      loadingLabel="Loading orders"
      filters={
        <>
          <StatusFilter value={status} onChange={onStatusChange} />
          <CreatedChips value={created} onRemove={onCreatedRemove} />
        </>
      }
      list={list}
      table={(data) => (
        <OrderTable
          rows={data.Orders}
          stale={list.isPlaceholderData}
          sort={{ value: props.sort, onChange: props.onSortChange }}
          onEdit={dialogs.onEdit}
          onDelete={dialogs.onDelete}
        />
      )}
      onAdd={dialogs.onAdd}
      error={dialogs.deleteError}
      actions={
        <CsvActions
          resource={CSV_RESOURCES.orders}
          filters={{
            search: props.search || undefined,
            ordering: props.sort,
            status,
            ...createdQuery(created),
          }}
          refresh={refreshAfterImport}
        />
      }
    >
      {dialogs.dialogs}
    </ListScreen>
  )
}
