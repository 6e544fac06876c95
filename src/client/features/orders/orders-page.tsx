import { useState } from 'react'
import { Button, Group, Stack, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import type { Order } from '../../../shared/order'
import { ErrorText, TableLoader, TablePager } from '../../lib/data-table'
import { PAGE_SIZE, toListFilters, type ListPageProps } from '../../lib/list-search'
import { useRole } from '../../lib/role'
import { SearchBox } from '../../lib/search-box'
import { OrderDeleteDialog } from './order-delete-dialog'
import { OrderEditDialog } from './order-edit-dialog'
import { OrderFormModal } from './order-form-modal'
import { OrderTable } from './order-table'
import { orderQueries } from './queries'

export function OrdersPage({ search, page, onSearchChange, onPageChange }: ListPageProps) {
  const { role, canWrite } = useRole()
  const list = useQuery(orderQueries.list(toListFilters({ search, page })))
  const [createOpened, createModal] = useDisclosure(false)
  // The chosen row outlives `opened` so the dialog keeps its content while closing.
  const [editing, setEditing] = useState<Order | null>(null)
  const [editOpened, editDialog] = useDisclosure(false)
  const [deleting, setDeleting] = useState<Order | null>(null)
  const [deleteOpened, deleteDialog] = useDisclosure(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  // Spec 2/6: a spinner until the role is known, since it decides what the dialogs offer.
  if (role === '') return <TableLoader label="Loading orders" />

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Orders
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
          Add Order
        </Button>
      </Group>
      <SearchBox value={search} onChange={onSearchChange} placeholder="Search Order" />
      {deleteError !== null && <ErrorText message={deleteError} />}
      {list.isPending ? (
        <TableLoader label="Loading orders" />
      ) : list.isError ? (
        <ErrorText message={list.error.message} />
      ) : (
        <>
          <OrderTable
            orders={list.data.Orders}
            stale={list.isPlaceholderData}
            onEdit={(order) => {
              setEditing(order)
              editDialog.open()
            }}
            onDelete={(order) => {
              setDeleting(order)
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
      <OrderFormModal opened={createOpened} onClose={createModal.close} canWrite={canWrite} />
      <OrderEditDialog
        order={editing}
        opened={editOpened}
        onClose={editDialog.close}
        canWrite={canWrite}
      />
      <OrderDeleteDialog
        order={deleting}
        opened={deleteOpened}
        onClose={deleteDialog.close}
        canWrite={canWrite}
        onError={setDeleteError}
      />
    </Stack>
  )
}
