import type { ReactNode } from 'react'
import { Button, Group, Stack, Title } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import { PAGE_SIZE, type ListPageProps } from '../lib/list-search'
import { useRole } from '../lib/role'
import { ErrorText, TableLoader, TablePager } from './data-table'
import { SearchBox } from './search-box'

interface ListScreenProps<Data> extends ListPageProps {
  title: string
  addLabel: string
  searchPlaceholder: string
  /** The spinner's name while the list loads. */
  loadingLabel: string
  /** Shown until the role is known, since it decides what the dialogs offer (spec 2/6). */
  roleLoading?: ReactNode
  list: UseQueryResult<Data>
  /** One page of rows as the screen's table. */
  table: (data: Data) => ReactNode
  /** Opens the create dialog. */
  onAdd: () => void
  /** Spec 8: the last delete failure, shown on the page as 'Error: {message}'. */
  error: string | null
  /** The screen's create, edit and delete dialogs. */
  children: ReactNode
}

/** Spec 2's list screen: heading and Add, search, the paged table, and its dialogs. */
export function ListScreen<Data extends { count: number }>(props: ListScreenProps<Data>) {
  const { search, page, onSearchChange, onPageChange, list, error } = props
  const { role } = useRole()

  if (role === '') return props.roleLoading ?? <TableLoader label={props.loadingLabel} />

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
      </Group>
      <SearchBox value={search} onChange={onSearchChange} placeholder={props.searchPlaceholder} />
      {error !== null && <ErrorText message={error} />}
      {list.isPending ? (
        <TableLoader label={props.loadingLabel} />
      ) : list.isError ? (
        <ErrorText message={list.error.message} />
      ) : (
        <>
          {props.table(list.data)}
          <TablePager
            page={page}
            pageSize={PAGE_SIZE}
            count={list.data.count}
            onPageChange={onPageChange}
            stale={list.isPlaceholderData}
          />
        </>
      )}
      {props.children}
    </Stack>
  )
}
