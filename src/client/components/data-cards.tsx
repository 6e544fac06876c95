import { Card, Group, NativeSelect, Stack, Text } from '@mantine/core'
import { Fragment, type ReactNode } from 'react'
import { DEFAULT_ORDERING } from '#shared/list-query'
import classes from './data-cards.module.css'
import { PageBox, RowBox } from './select-boxes'
import type { DataColumn, DataTableProps, TableSort } from './data-table'

/**
 * BEYOND.md "Phone": the table's rows as cards, one per row: the row's main text first,
 * every other column as a labelled line ('Email: …'), the row's actions as buttons at the
 * bottom, so nothing needs sideways scrolling. DataTable picks it below 600 px.
 */
export function DataCards<T>({
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
  const title = columns.find((column) => column.card === 'title') ?? columns[0]
  const actions = columns.filter((column) => column.card === 'actions')
  const lines = columns.filter((column) => column !== title && column.card !== 'actions')
  return (
    <Stack gap="xs">
      {sort && <SortSelect columns={columns} sort={sort} />}
      {selection && rows.length > 0 && (
        <Group gap="xs">
          <PageBox selection={selection} ids={ids} />
          <Text size="sm">Select all on this page</Text>
        </Group>
      )}
      <Stack
        component="ul"
        gap="sm"
        className={classes.list}
        aria-label={caption}
        aria-busy={stale}
        data-cards
        style={{ opacity: stale ? 0.6 : 1 }}
      >
        {rows.length === 0 ? (
          <li>
            <Text c="dimmed" ta="center" py="md">
              {empty}
            </Text>
          </li>
        ) : (
          rows.map((row, index) => (
            <Card component="li" key={rowKey(row)} withBorder padding="sm" className={classes.card}>
              {title && (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {selection && <RowBox selection={selection} ids={ids} index={index} />}
                  <Text fw={600} className={classes.text}>
                    {title.cell(row)}
                  </Text>
                </Group>
              )}
              {lines.map((column) => (
                <CardLine key={column.header} label={column.header}>
                  {column.cell(row)}
                </CardLine>
              ))}
              {actions.length > 0 && (
                <Group gap="xs" mt={4} className={classes.actions}>
                  {actions.map((column) => (
                    <Fragment key={column.header}>{column.cell(row)}</Fragment>
                  ))}
                </Group>
              )}
            </Card>
          ))
        )}
      </Stack>
      <Text size="sm" c="dimmed">
        {caption}
      </Text>
    </Stack>
  )
}

/** 'Email: ann@example.com', wrapping (long addresses break) instead of widening the card. */
function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text component="div" size="sm" className={classes.text}>
      <Text span size="sm" c="dimmed">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  )
}

/** The column headers' sorting as one select above the cards: each sortable column both ways. */
function SortSelect<T>({ columns, sort }: { columns: DataColumn<T>[]; sort: TableSort }) {
  const options = columns.flatMap((column) =>
    column.sort
      ? [
          { value: column.sort, label: `${column.header} (ascending)` },
          { value: `-${column.sort}`, label: `${column.header} (descending)` },
        ]
      : [],
  )
  if (options.length === 0) return null
  return (
    <NativeSelect
      label="Sort by"
      data={options}
      value={sort.value ?? DEFAULT_ORDERING}
      onChange={(event) => sort.onChange(event.currentTarget.value)}
    />
  )
}
