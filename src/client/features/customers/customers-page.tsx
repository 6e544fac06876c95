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
import { FilterChips } from '../../components/filter-chips'
import { activeFields, clearedValues } from '../../components/filter-fields'
import { FiltersButton } from '../../components/filters-button'
import { useCustomerFilterFields } from './customer-filter-fields'
import { NOBODY, useOwnerOptions } from './owner-options'
import { matchingIds } from '../../api/bulk'
import { listPaths } from '../../api/paths'
import { BulkActions } from '../../components/bulk-actions'
import { BulkBar } from '../../components/bulk-bar'
import { SavedViews } from '../../components/saved-views'
import { useSelection } from '../../components/use-selection'
import { useRole } from '../../lib/role'
import { customerSearch, type CustomerSearch } from './search-params'

interface CustomersPageProps extends ListPageProps {
  /** The screen's URL: its filters (owner, city, country, created days) among the rest. */
  url: CustomerSearch
  /** Changes part of the URL; a new filter starts again at page 1. */
  onUrlChange: (patch: Partial<CustomerSearch>) => void
}

export function CustomersPage({ url, onUrlChange, ...props }: CustomersPageProps) {
  const query = customerSearch.toQuery(url)
  const list = useQuery(customerQueries.list(query))
  const fields = useCustomerFilterFields()
  const owners = useOwnerOptions()
  const { canWrite } = useRole()
  const selection = useSelection(JSON.stringify(query))
  const filters = { ...query, limit: undefined, offset: undefined }
  // A search that finds nothing keeps spec 2's 'No results.'; filters say they matched none.
  const narrowed = activeFields(fields, url).length > 0
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
      filters={
        <FiltersButton
          fields={fields}
          values={url}
          onChange={(key, value) => onUrlChange({ [key]: value })}
        />
      }
      chips={
        <FilterChips
          fields={fields}
          values={url}
          onRemove={(key) => onUrlChange({ [key]: undefined })}
          onClear={() => onUrlChange(clearedValues(fields))}
        />
      }
      tabs={<SavedViews screen="customers" />}
      list={list}
      table={(data) => (
        <>
          {canWrite && (
            <BulkBar
              selection={selection}
              matching={data.count}
              loadAll={() => matchingIds(listPaths.customers, filters, 'Customers')}
            >
              <BulkActions
                resource="customers"
                selection={selection}
                change={{
                  label: 'Assign owner',
                  field: 'Owner',
                  options: [...owners, NOBODY],
                  body: (ids, value) => ({
                    action: 'assign',
                    ids,
                    owner: value === NOBODY.value ? null : Number(value),
                  }),
                }}
              />
            </BulkBar>
          )}
          <CustomerTable
            selection={canWrite ? selection : undefined}
            empty={narrowed ? 'No customers match.' : undefined}
            rows={data.Customers}
            stale={list.isPlaceholderData}
            sort={{ value: props.sort, onChange: props.onSortChange }}
            onEdit={edit.open}
            onDelete={remove.open}
          />
        </>
      )}
      onAdd={create.open}
      error={deleteError}
      actions={
        <CsvActions
          resource={CSV_RESOURCES.customers}
          filters={filters}
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
