import { useState } from 'react'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import type { Order } from '../../../shared/order'
import { DeleteDialog } from '../../components/delete-dialog'
import { ListScreen } from '../../components/list-screen'
import { useRowDialog } from '../../components/use-row-dialog'
import { toListFilters, type ListPageProps } from '../../lib/list-search'
import { useDeleteOrder } from './mutations'
import { OrderCreateDialog } from './order-create-dialog'
import { OrderEditDialog } from './order-edit-dialog'
import { OrderTable } from './order-table'
import { orderQueries } from './queries'

export function OrdersPage(props: ListPageProps) {
  const list = useQuery(orderQueries.list(toListFilters(props)))
  const [creating, create] = useDisclosure(false)
  const edit = useRowDialog<Order>()
  const remove = useRowDialog<Order>()
  const deleteOrder = useDeleteOrder()
  const [deleteError, setDeleteError] = useState<string | null>(null)
  return (
    <ListScreen
      {...props}
      title="Orders"
      addLabel="Add Order"
      searchPlaceholder="Search Order"
      loadingLabel="Loading orders"
      list={list}
      table={(data) => (
        <OrderTable
          rows={data.Orders}
          stale={list.isPlaceholderData}
          onEdit={edit.open}
          onDelete={remove.open}
        />
      )}
      onAdd={create.open}
      error={deleteError}
    >
      <OrderCreateDialog opened={creating} onClose={create.close} />
      <OrderEditDialog order={edit.row} opened={edit.opened} onClose={edit.close} />
      <DeleteDialog
        id={remove.row?.id}
        opened={remove.opened}
        onClose={remove.close}
        remove={deleteOrder}
        onError={setDeleteError}
        refusal="You do not have permission to delete an order."
        message="This action cannot be undone. This will permanently delete this Order and remove the data from our servers."
      />
    </ListScreen>
  )
}
