import { useEffect, type ReactNode } from 'react'
import { Center, Group, Loader, Pagination, Table, Text } from '@mantine/core'

export interface DataColumn<T> {
  header: string
  cell: (row: T) => ReactNode
}

interface DataTableProps<T> {
  caption: string
  columns: DataColumn<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  /** Dims the rows while a newer page or search is on its way (previous data kept). */
  stale?: boolean
}

/** The one table pattern for the dashboard lists (STYLE rule 12). */
export function DataTable<T>({ caption, columns, rows, rowKey, stale = false }: DataTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover captionSide="bottom" style={{ opacity: stale ? 0.6 : 1 }}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody aria-busy={stale}>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  No results.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

interface TablePagerProps {
  page: number
  pageSize: number
  count: number
  onPageChange: (page: number) => void
  /** True while the count shown belongs to the previous page or search. */
  stale?: boolean
}

const number = new Intl.NumberFormat('en-US')

/** 'Showing 26–50 of 1,234' and page buttons under a server-paged table. */
export function TablePager({
  page,
  pageSize,
  count,
  onPageChange,
  stale = false,
}: TablePagerProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize))
  // Deleting the last row of the last page (or an old link) leaves us past the end.
  useEffect(() => {
    if (!stale && page > pages) onPageChange(pages)
  }, [stale, page, pages, onPageChange])
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(count, page * pageSize)
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 0
          ? 'Showing 0 of 0'
          : `Showing ${number.format(first)}–${number.format(last)} of ${number.format(count)}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPageChange}
          size="sm"
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({
            'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
          })}
        />
      )}
    </Group>
  )
}

/** Spec 2: the three-dots spinner while a list (or the role it depends on) loads. */
export function TableLoader({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader type="dots" />
    </Center>
  )
}

/** Spec 8: list and delete failures read 'Error: {message}'. */
export function ErrorText({ message }: { message: string }) {
  return (
    <Text c="red" role="alert">
      Error: {message}
    </Text>
  )
}
