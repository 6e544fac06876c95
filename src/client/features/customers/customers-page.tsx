import { useState } from 'react'
import { Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import type { Customer } from '../../../shared/customer'
import { DeleteDialog } from '../../components/delete-dialog'
import { ListScreen } from '../../components/list-screen'
import { useRowDialog } from '../../components/use-row-dialog'
import { customerQueries } from '../../lib/customer-queries'
import { toListFilters, type ListPageProps } from '../../lib/list-search'
import { CustomerCreateDialog } from './customer-create-dialog'
import { CustomerEditDialog } from './customer-edit-dialog'
import { CustomerTable } from './customer-table'
import { useDeleteCustomer } from './mutations'

export function CustomersPage(props: ListPageProps) {
  const list = useQuery(customerQueries.list(toListFilters(props)))
  const [creating, create] = useDisclosure(false)
  const edit = useRowDialog<Customer>()
  const remove = useRowDialog<Customer>()
  const deleteCustomer = useDeleteCustomer()
  const [deleteError, setDeleteError] = useState<string | null>(null)
  return (
    <ListScreen
      {...props}
      title="Customers"
      addLabel="Add"
      searchPlaceholder="Search Customer"
      loadingLabel="Loading customers"
      // Spec 2 words this screen's wait for the role as 'Loading...', not a spinner.
      roleLoading={<Text>Loading...</Text>}
      list={list}
      table={(data) => (
        <CustomerTable
          rows={data.Customers}
          stale={list.isPlaceholderData}
          onEdit={edit.open}
          onDelete={remove.open}
        />
      )}
      onAdd={create.open}
      error={deleteError}
    >
      <CustomerCreateDialog opened={creating} onClose={create.close} />
      <CustomerEditDialog customer={edit.row} opened={edit.opened} onClose={edit.close} />
      <DeleteDialog
        id={remove.row?.id}
        opened={remove.opened}
        onClose={remove.close}
        remove={deleteCustomer}
        onError={setDeleteError}
        refusal="You do not have permission to delete the customer."
        message="This action cannot be undone. This will permanently delete this Customer and remove the data from our servers."
      />
    </ListScreen>
  )
}
