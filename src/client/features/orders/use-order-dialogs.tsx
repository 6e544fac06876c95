import { useState } from 'react'
import { useDisclosure } from '@mantine/hooks'
import type { Order } from '#shared/order'
import { useRowDialog } from '../../components/use-row-dialog'
import { OrderCreateDialog } from './order-create-dialog'
import { OrderDeleteDialog } from './order-delete-dialog'
import { OrderEditDialog } from './order-edit-dialog'
import type { PickedCustomer } from './order-fields'

/**
 * The add, edit and delete dialogs of an orders table (the orders screen, a customer's
 * page), with what opens them and the last delete failure to show (spec 8).
 */
export function useOrderDialogs(customer?: PickedCustomer) {
  const [creating, create] = useDisclosure(false)
  const edit = useRowDialog<Order>()
  const remove = useRowDialog<Order>()
  const [deleteError, setDeleteError] = useState<string | null>(null)
  return {
    onAdd: create.open,
    onEdit: edit.open,
    onDelete: remove.open,
    deleteError,
    dialogs: (
      <>
        <OrderCreateDialog customer={customer} opened={creating} onClose={create.close} />
        <OrderEditDialog order={edit.row} opened={edit.opened} onClose={edit.close} />
        <OrderDeleteDialog
          order={remove.row ?? undefined}
          opened={remove.opened}
          onClose={remove.close}
          onError={setDeleteError}
        />
      </>
    ),
  }
}
