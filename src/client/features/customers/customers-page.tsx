import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ListScreen } from '../../lib/list-screen'
import { toListFilters, type ListPageProps } from '../../lib/list-search'
import { CustomerDeleteDialog } from './customer-delete-dialog'
import { CustomerEditDialog } from './customer-edit-dialog'
import { CustomerFormModal } from './customer-form-modal'
import { CustomerTable } from './customer-table'
import { customerQueries } from './queries'

export function CustomersPage(props: ListPageProps) {
  const list = useQuery(customerQueries.list(toListFilters(props)))
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
      rows={(data) => data.Customers}
      Table={CustomerTable}
      CreateDialog={CustomerFormModal}
      EditDialog={CustomerEditDialog}
      DeleteDialog={CustomerDeleteDialog}
    />
  )
}
