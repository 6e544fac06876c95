import { useState } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import type { Customer } from '../../../shared/customer'
import { ErrorText, TableLoader, TablePager } from '../../lib/data-table'
import { PAGE_SIZE, toListFilters, type ListPageProps } from '../../lib/list-search'
import { useRole } from '../../lib/role'
import { SearchBox } from '../../lib/search-box'
import { CustomerDeleteDialog } from './customer-delete-dialog'
import { CustomerEditDialog } from './customer-edit-dialog'
import { CustomerFormModal } from './customer-form-modal'
import { CustomerTable } from './customer-table'
import { customerQueries } from './queries'

export function CustomersPage({ search, page, onSearchChange, onPageChange }: ListPageProps) {
  const { role, canWrite } = useRole()
  const list = useQuery(customerQueries.list(toListFilters({ search, page })))
  const [createOpened, createModal] = useDisclosure(false)
  // The chosen row outlives `opened` so the dialog keeps its content while closing.
  const [editing, setEditing] = useState<Customer | null>(null)
  const [editOpened, editDialog] = useDisclosure(false)
  const [deleting, setDeleting] = useState<Customer | null>(null)
  const [deleteOpened, deleteDialog] = useDisclosure(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  // Spec 2/6: the screen waits for the role, since it decides what the dialogs offer.
  if (role === '') return <Text>Loading...</Text>

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Customers
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
          Add
        </Button>
      </Group>
      <SearchBox value={search} onChange={onSearchChange} placeholder="Search Customer" />
      {deleteError !== null && <ErrorText message={deleteError} />}
      {list.isPending ? (
        <TableLoader label="Loading customers" />
      ) : list.isError ? (
        <ErrorText message={list.error.message} />
      ) : (
        <>
          <CustomerTable
            customers={list.data.Customers}
            stale={list.isPlaceholderData}
            onEdit={(customer) => {
              setEditing(customer)
              editDialog.open()
            }}
            onDelete={(customer) => {
              setDeleting(customer)
              deleteDialog.open()
            }}
          />
          <TablePager
            page={page}
            pageSize={PAGE_SIZE}
            count={list.data.count}
            onPageChange={onPageChange}
            stale={list.isPlaceholderData}
          />
        </>
      )}
      <CustomerFormModal opened={createOpened} onClose={createModal.close} canWrite={canWrite} />
      <CustomerEditDialog
        customer={editing}
        opened={editOpened}
        onClose={editDialog.close}
        canWrite={canWrite}
      />
      <CustomerDeleteDialog
        customer={deleting}
        opened={deleteOpened}
        onClose={deleteDialog.close}
        canWrite={canWrite}
        onError={setDeleteError}
      />
    </Stack>
  )
}
