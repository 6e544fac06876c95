import { Group } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ORDER_STATUSES } from '#shared/constants'
import { orderQueries } from '../../api/orders'
import { CsvActions } from '../../components/csv-actions'
import { ListScreen } from '../../components/list-screen'
import { CSV_RESOURCES } from '../../lib/csv-file'
import type { ListPageProps } from '../../lib/list-search'
import { useRole } from '../../lib/role'
import { OrderBoard } from './board/order-board'
import { matchingIds } from '../../api/bulk'
import { listPaths } from '../../api/paths'
import { BulkActions } from '../../components/bulk-actions'
import { BulkBar } from '../../components/bulk-bar'
import { SavedViews } from '../../components/saved-views'
import { useSelection } from '../../components/use-selection'
import { FilterChips } from '../../components/filter-chips'
import { activeFields, clearedValues } from '../../components/filter-fields'
import { FiltersButton } from '../../components/filters-button'
import { ORDER_FILTER_FIELDS } from './order-filter-fields'
import { createdQuery } from '../../lib/created-filter'
import { LayoutSwitch } from './layout-switch'
import { useRefreshAfterOrderImport } from './mutations'
import { statusList } from './order-filters'
import { OrderTable } from './order-table'
import { orderSearch, type OrderSearch } from './search-params'
import { StatusFilter } from './status-filter'
import { useOrderDialogs } from './use-order-dialogs'

interface OrdersPageProps extends ListPageProps {
  /** The screen's URL: its filters (status, amounts, created days) and `view=board`. */
  url: OrderSearch
  /** Changes part of the URL; a new filter starts again at page 1. */
  onUrlChange: (patch: Partial<OrderSearch>) => void
}

export function OrdersPage({ url, onUrlChange, ...props }: OrdersPageProps) {
  const board = url.view === 'board'
  const query = orderSearch.toQuery(url)
  const list = useQuery({ ...orderQueries.list(query), enabled: !board })
  const { canWrite } = useRole()
  const dialogs = useOrderDialogs()
  const refreshAfterImport = useRefreshAfterOrderImport()
  const statuses = statusList(url.status)
  const selection = useSelection(JSON.stringify(query))
  const filters = { ...query, limit: undefined, offset: undefined }
  const created = { created_from: url.created_from, created_to: url.created_to }
  const { ordering, search, amount_min, amount_max } = query
  const boardFilters = { search, amount_min, amount_max, ...createdQuery(created) }
  // A search that finds nothing keeps spec 2's 'No results.'; filters say they matched none.
  const narrowed = activeFields(ORDER_FILTER_FIELDS, url).length > 0
  return (
    <ListScreen
      {...props}
      title="Orders"
      addLabel="Add Order"
      searchPlaceholder="Search Order"
      loadingLabel="Loading orders"
      filters={
        <Group gap="sm">
          <StatusFilter value={statuses} onChange={(status) => onUrlChange({ status })} />
          <FiltersButton
            fields={ORDER_FILTER_FIELDS}
            values={url}
            onChange={(key, value) => onUrlChange({ [key]: value })}
          />
          <LayoutSwitch
            board={board}
            onChange={(next) => onUrlChange({ view: next ? 'board' : undefined })}
          />
        </Group>
      }
      chips={
        <FilterChips
          fields={ORDER_FILTER_FIELDS}
          values={url}
          onRemove={(key) => onUrlChange({ [key]: undefined })}
          onClear={() => onUrlChange(clearedValues(ORDER_FILTER_FIELDS))}
        />
      }
      body={
        board ? (
          <OrderBoard
            statuses={statuses.length > 0 ? statuses : ORDER_STATUSES}
            filters={{
              ...boardFilters,
              ordering,
              // The columns are the statuses: only the other filters narrow them.
              narrowed: Object.values(boardFilters).some((value) => value !== undefined),
            }}
            canMove={canWrite}
          />
        ) : undefined
      }
      tabs={<SavedViews screen="orders" />}
      list={list}
      table={(data) => (
        <>
          {canWrite && (
            <BulkBar
              selection={selection}
              matching={data.count}
              loadAll={() => matchingIds(listPaths.orders, filters, 'Orders')}
            >
              <BulkActions
                resource="orders"
                selection={selection}
                change={{
                  label: 'Set status',
                  field: 'Status',
                  options: ORDER_STATUSES.map((status) => ({ value: status, label: status })),
                  body: (ids, status) => ({ action: 'status', ids, status }),
                }}
              />
            </BulkBar>
          )}
          <OrderTable
            selection={canWrite ? selection : undefined}
            rows={data.Orders}
            stale={list.isPlaceholderData}
            sort={{ value: props.sort, onChange: props.onSortChange }}
            onEdit={dialogs.onEdit}
            onDelete={dialogs.onDelete}
            empty={narrowed ? 'No orders match.' : undefined}
          />
        </>
      )}
      onAdd={dialogs.onAdd}
      error={dialogs.deleteError}
      actions={
        <CsvActions
          resource={CSV_RESOURCES.orders}
          filters={filters}
          refresh={refreshAfterImport}
        />
      }
    >
      {dialogs.dialogs}
    </ListScreen>
  )
}
