import { ActionIcon, Group } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { DataColumn, TableSort } from './data-table'

/** What a list page hands its table: one page of rows, and what the row buttons open. */
export interface RowTableProps<T> {
  rows: T[]
  /** The rows belong to the previous page or search while the next one loads. */
  stale: boolean
  sort: TableSort
  onEdit: (row: T) => void
  onDelete: (row: T) => void
}

interface ActionColumn<T> {
  /** Names the row in the buttons' labels: 'Edit Ann', 'Delete ORD-12'. */
  label: (row: T) => string
  onEdit: (row: T) => void
  onDelete: (row: T) => void
}

/** Spec 2's last column: edit and delete buttons for the row. */
export function actionColumn<T>({ label, onEdit, onDelete }: ActionColumn<T>): DataColumn<T> {
  return {
    header: 'Action',
    card: 'actions',
    cell: (row) => (
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={`Edit ${label(row)}`} onClick={() => onEdit(row)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${label(row)}`}
          onClick={() => onDelete(row)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    ),
  }
}
