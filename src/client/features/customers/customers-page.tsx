import { useState } from 'react'
import { Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import type { Customer } from '#shared/customer'
import { customerQueries } from '../../api/customers'
import { CsvActions } from '../../components/csv-actions'
import { ListScreen } from '../../components/list-screen'
import { useRowDialog } from '../../components/use-row-dialog'
import { CSV_RESOURCES } from '../../lib/csv-file'
import type { ListPageProps } from '../../lib/list-search'
import { CustomerCreateDialog } from './customer-create-dialog'
import { CustomerDeleteDialog } from './customer-delete-dialog'
import { CustomerEditDialog } from './customer-edit-dialog'
import { CustomerTable } from './customer-table'
import { useRefreshAfterCustomerImport } from './mutations'
import { customerSearch } from './search-params'

export function CustomersPage(props: ListPageProps) {
  const list = useQuery(customerQueries.list(customerSearch.toQuery(props)))
  const [creating, create] = useDisclosure(false)
  const edit = useRowDialog<Customer>()
  const remove = useRowDialog<Customer>()
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const refreshAfterImport = useRefreshAfterCustomerImport()
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
          sort={{ value: props.sort, onChange: props.onSortChange }}
          onEdit={edit.open}
          onDelete={remove.open}
        />
      )}
      onAdd={create.open}
      error={deleteError}
      actions={
        <CsvActions
          resource={CSV_RESOURCES.customers}
          filters={{ search: props.search || undefined, ordering: props.sort }}
          refresh={refreshAfterImport}
        />
      }
    >
      <CustomerCreateDialog opened={creating} onClose={create.close} />
      <CustomerEditDialog customer={edit.row} opened={edit.opened} onClose={edit.close} />
      <CustomerDeleteDialog
        id={remove.row?.id}
        opened={remove.opened}
        onClose={remove.close}
        onError={setDeleteError}
      />
    </ListScreen>
  )
}
