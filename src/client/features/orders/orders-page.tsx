import { useQuery } from '@tanstack/react-query'
import { ListScreen } from '../../lib/list-screen'
import { toListFilters, type ListPageProps } from '../../lib/list-search'
import { OrderDeleteDialog } from './order-delete-dialog'
import { OrderEditDialog } from './order-edit-dialog'
import { OrderFormModal } from './order-form-modal'
import { OrderTable } from './order-table'
import { orderQueries } from './queries'

export function OrdersPage(props: ListPageProps) {
  const list = useQuery(orderQueries.list(toListFilters(props)))
  return (
    <ListScreen
      {...props}
      title="Orders"
      addLabel="Add Order"
      searchPlaceholder="Search Order"
      loadingLabel="Loading orders"
      list={list}
      rows={(data) => data.Orders}
      Table={OrderTable}
      CreateDialog={OrderFormModal}
      EditDialog={OrderEditDialog}
      DeleteDialog={OrderDeleteDialog}
    />
  )
}
