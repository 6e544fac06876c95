import { useEffect, type ReactNode } from 'react'
import { Center, Group, Loader, Pagination, Table, Text, UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react'
import { DEFAULT_ORDERING } from '#shared/list-query'
import { formatCount } from '../lib/format'
import { DataCards } from './data-cards'
import { PageBox, RowBox } from './select-boxes'
import type { Selection } from './use-selection'
import { usePhone } from './use-phone'

export interface DataColumn<T> {
  header: string
  cell: (row: T) => ReactNode
  /** The API field a click on the header orders by; left out, the column does not sort. */
  sort?: string
  /**
   * Its place on a phone's card (DataCards): 'title' is the card's main text (the first
   * column when none is), 'actions' its buttons; any other column is a labelled line.
   */
  card?: 'title' | 'actions'
}

/** The order the rows are in (the API's `ordering`), and how to ask for another. */
export interface TableSort {
  /** The URL's value; undefined means the API's default, newest first. */
  value: string | undefined
  onChange: (sort: string) => void
}

export interface DataTableProps<T> {
  caption: string
  columns: DataColumn<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  /** Dims the rows while a newer page or search is on its way (previous data kept). */
  stale?: boolean
  sort?: TableSort
  /** What an empty table says: 'No customers match.' when filters are on. */
  empty?: string
  /** Checkboxes for a bulk change (not for Testers): a first column, one per row. */
  selection?: Selection
}

/** The one table pattern for the dashboard lists (STYLE rule 12): cards on a phone. */
export function DataTable<T>(props: DataTableProps<T>) {
  const phone = usePhone()
  return phone ? <DataCards {...props} /> : <WideTable {...props} />
}

function WideTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  stale = false,
  sort,
  empty = 'No results.',
  selection,
}: DataTableProps<T>) {
  const ids = rows.map((row) => Number(rowKey(row)))
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover captionSide="bottom" style={{ opacity: stale ? 0.6 : 1 }}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <PageBox selection={selection} ids={ids} />
              </Table.Th>
            )}
            {columns.map((column) =>
              sort && column.sort ? (
                <SortableHeader
                  key={column.header}
                  label={column.header}
                  field={column.sort}
                  sort={sort}
                />
              ) : (
                <Table.Th key={column.header}>{column.header}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody aria-busy={stale}>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>
                <Text c="dimmed" ta="center" py="md">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row, index) => (
              <Table.Tr key={rowKey(row)}>
                {selection && (
                  // A header cell: the row's checkbox is not one of its data (its cells stay
                  // the columns').
                  <Table.Th w={40} role="rowheader">
                    <RowBox selection={selection} ids={ids} index={index} />
                  </Table.Th>
                )}
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

interface SortableHeaderProps {
  label: string
  field: string
  sort: TableSort
}

/**
 * BEYOND.md "Tables": a click sorts ascending, the next descending; the direction is
 * on the <th> (aria-sort) and the button inside keeps the header keyboard operable.
 */
function SortableHeader({ label, field, sort }: SortableHeaderProps) {
  const current = sort.value ?? DEFAULT_ORDERING
  const direction =
    current === field ? 'ascending' : current === `-${field}` ? 'descending' : undefined
  const Icon =
    direction === 'ascending'
      ? IconChevronUp
      : direction === 'descending'
        ? IconChevronDown
        : IconSelector
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton
        fw="inherit"
        fz="inherit"
        style={{ whiteSpace: 'nowrap' }}
        onClick={() => sort.onChange(direction === 'ascending' ? `-${field}` : field)}
      >
        <Group gap={4} wrap="nowrap" component="span">
          {label}
          <Icon size={14} stroke={2} aria-hidden style={{ opacity: direction ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  )
}

interface TablePagerProps {
  page: number
  pageSize: number
  count: number
  /** False when a search matched more rows than the server counts: 'of 10,000+'. */
  exact?: boolean
  onPageChange: (page: number) => void
  /** True while the count shown belongs to the previous page or search. */
  stale?: boolean
}

/** 'Showing 26–50 of 1,234' (or 'of 10,000+') and page buttons under a server-paged table. */
export function TablePager({
  page,
  pageSize,
  count,
  exact = true,
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
          : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(count)}${exact ? '' : '+'}`}
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
