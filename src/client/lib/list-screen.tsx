import { useState, type ComponentType, type ReactNode } from 'react'
import { Button, Group, Stack, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { UseQueryResult } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import { ErrorText, TableLoader, TablePager } from './data-table'
import { PAGE_SIZE, type ListPageProps } from './list-search'
import { useRole } from './role'
import { SearchBox } from './search-box'

/** What a list screen hands its create dialog. */
export interface DialogProps {
  opened: boolean
  onClose: () => void
  canWrite: boolean
}

/** What a list screen hands its edit dialog: the row chosen in the table. */
export interface RowDialogProps<T> extends DialogProps {
  row: T | null
}

export interface DeleteDialogProps<T> extends RowDialogProps<T> {
  /** Spec 8: a delete failure is stored and shown on the page as 'Error: {message}'. */
  onError: (message: string | null) => void
}

export interface ListTableProps<T> {
  rows: T[]
  /** The rows belong to the previous page or search while the next one loads. */
  stale: boolean
  onEdit: (row: T) => void
  onDelete: (row: T) => void
}

interface ListScreenProps<T, Data> extends ListPageProps {
  title: string
  addLabel: string
  searchPlaceholder: string
  /** The spinner's name while the list loads. */
  loadingLabel: string
  /** Shown until the role is known, since it decides what the dialogs offer (spec 2/6). */
  roleLoading?: ReactNode
  list: UseQueryResult<Data>
  rows: (data: Data) => T[]
  Table: ComponentType<ListTableProps<T>>
  CreateDialog: ComponentType<DialogProps>
  EditDialog: ComponentType<RowDialogProps<T>>
  DeleteDialog: ComponentType<DeleteDialogProps<T>>
}

/** Spec 2's list screen: heading and Add, search, the paged table, and its three dialogs. */
export function ListScreen<T, Data extends { count: number }>(props: ListScreenProps<T, Data>) {
  const { search, page, onSearchChange, onPageChange, list, Table } = props
  const { CreateDialog, EditDialog, DeleteDialog } = props
  const { role, canWrite } = useRole()
  const [createOpened, createModal] = useDisclosure(false)
  // The chosen row outlives `opened` so the dialog keeps its content while closing.
  const [editing, setEditing] = useState<T | null>(null)
  const [editOpened, editDialog] = useDisclosure(false)
  const [deleting, setDeleting] = useState<T | null>(null)
  const [deleteOpened, deleteDialog] = useDisclosure(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  if (role === '') return props.roleLoading ?? <TableLoader label={props.loadingLabel} />

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
          {props.addLabel}
        </Button>
      </Group>
      <SearchBox value={search} onChange={onSearchChange} placeholder={props.searchPlaceholder} />
      {deleteError !== null && <ErrorText message={deleteError} />}
      {list.isPending ? (
        <TableLoader label={props.loadingLabel} />
      ) : list.isError ? (
        <ErrorText message={list.error.message} />
      ) : (
        <>
          <Table
            rows={props.rows(list.data)}
            stale={list.isPlaceholderData}
            onEdit={(row) => {
              setEditing(row)
              editDialog.open()
            }}
            onDelete={(row) => {
              setDeleting(row)
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
      <CreateDialog opened={createOpened} onClose={createModal.close} canWrite={canWrite} />
      <EditDialog
        row={editing}
        opened={editOpened}
        onClose={editDialog.close}
        canWrite={canWrite}
      />
      <DeleteDialog
        row={deleting}
        opened={deleteOpened}
        onClose={deleteDialog.close}
        canWrite={canWrite}
        onError={setDeleteError}
      />
    </Stack>
  )
}
