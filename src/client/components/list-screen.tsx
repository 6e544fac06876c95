import { useEffect, useRef, type ReactNode } from 'react'
import { Box, Button, Group, Stack, Title } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import { useMatch } from '@tanstack/react-router'
import { registerListScreen } from '../lib/list-commands'
import { PAGE_SIZE, type ListPageProps } from '../lib/list-search'
import { useRole } from '../lib/role'
import { ErrorText, TableLoader, TablePager } from './data-table'
import { SearchBox } from './search-box'

/** What every list answer carries besides its rows (API.md "Lists at any size"). */
interface ListAnswer {
  count: number
  count_exact: boolean
}

interface PagedListProps<Data> {
  list: UseQueryResult<Data>
  /** The spinner's name while the list loads. */
  loadingLabel: string
  /** One page of rows as the screen's table. */
  table: (data: Data) => ReactNode
  page: number
  onPageChange: (page: number) => void
}

/** A server-paged table: the spinner, 'Error: {message}', or the rows and the count line. */
export function PagedList<Data extends ListAnswer>(props: PagedListProps<Data>) {
  const { list } = props
  if (list.isPending) return <TableLoader label={props.loadingLabel} />
  if (list.isError) return <ErrorText message={list.error.message} />
  return (
    <div>
      {props.table(list.data)}
      <TablePager
        page={props.page}
        pageSize={PAGE_SIZE}
        count={list.data.count}
        exact={list.data.count_exact}
        onPageChange={props.onPageChange}
        stale={list.isPlaceholderData}
      />
    </div>
  )
}

interface ListScreenProps<Data> extends ListPageProps, PagedListProps<Data> {
  title: string
  addLabel: string
  searchPlaceholder: string
  /** Shown until the role is known, since it decides what the dialogs offer (spec 2/6). */
  roleLoading?: ReactNode
  /** Opens the create dialog. */
  onAdd: () => void
  /** Spec 8: the last delete failure, shown on the page as 'Error: {message}'. */
  error: string | null
  /** Filters shown beside the search box (the orders screen's status). */
  filters?: ReactNode
  /** Above the search box: the saved views' tabs. */
  tabs?: ReactNode
  /** Under the search box: the active filters' chips. */
  chips?: ReactNode
  /** Shown instead of the paged table (the orders board). */
  body?: ReactNode
  /** More buttons beside Add (the screen's export and import). */
  actions?: ReactNode
  /** The screen's create, edit and delete dialogs. */
  children: ReactNode
}

/** Spec 2's list screen: heading and Add, search, the paged table, and its dialogs. */
export function ListScreen<Data extends ListAnswer>(props: ListScreenProps<Data>) {
  const { role } = useRole()
  const search = useRef<HTMLInputElement>(null)
  // This screen's own address, not the browser's: the location moves on as soon as a
  // navigation starts, and this screen must not take an add meant for the next one.
  const path = useMatch({ strict: false, select: (match) => match.pathname })
  const { onAdd } = props
  // `/` and `n` (the dashboard's one hotkey hook) and the palette's 'Add …' reach this screen.
  useEffect(
    () =>
      registerListScreen(path, {
        focusSearch: () => {
          search.current?.focus()
          search.current?.select()
        },
        add: onAdd,
      }),
    [path, onAdd],
  )

  if (role === '') return props.roleLoading ?? <TableLoader label={props.loadingLabel} />

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Group gap="sm">
          {props.actions}
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={props.onAdd}>
            {props.addLabel}
          </Button>
        </Group>
      </Group>
      {props.tabs}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Box flex="1 1 16rem">
          <SearchBox
            ref={search}
            value={props.search}
            onChange={props.onSearchChange}
            placeholder={props.searchPlaceholder}
          />
        </Box>
        {props.filters}
      </Group>
      {props.chips}
      {props.error !== null && <ErrorText message={props.error} />}
      {props.body ?? <PagedList {...props} />}
      {props.children}
    </Stack>
  )
}
