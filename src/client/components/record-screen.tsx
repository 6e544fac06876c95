import { useState, type ReactNode } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useDisclosure } from '@mantine/hooks'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { isRowId } from '#shared/constants'
import { ApiError } from '../api/client'
import { useRole } from '../lib/role'
import { AnchorLink } from './anchor-link'
import { ErrorText, TableLoader } from './data-table'

interface NotFoundText {
  /** 'Customer not found' */
  title: string
  /** Where the link in the page leads: the record's list screen. */
  back: { to: '/dashboard/customers' | '/dashboard/orders'; label: string }
}

interface RecordScreenProps<T, Key extends QueryKey> {
  /** The URL's id; one no record can have (`/dashboard/orders/abc`) is not found, unasked. */
  id: number
  /** The resource's `detail` query factory (api/resource.ts). */
  detail: (id: number) => UseQueryOptions<T, Error, T, Key>
  /** The spinner's name while the record (or the role) loads. */
  loadingLabel: string
  notFound: NotFoundText
  children: (record: T) => ReactNode
}

/**
 * A record's page (BEYOND.md "Customer page", "Order page"): the spinner until the role
 * and the record are known, 'Error: {message}' like the list screens, and for an unknown
 * or deleted id a not-found text with a way back, inside the dashboard.
 */
export function RecordScreen<T, Key extends QueryKey>({
  id,
  detail,
  loadingLabel,
  notFound,
  children,
}: RecordScreenProps<T, Key>) {
  const validId = isRowId(id)
  const record = useQuery({ ...detail(id), enabled: validId })
  const { role } = useRole()
  const missing =
    !validId || (record.isError && record.error instanceof ApiError && record.error.status === 404)
  if (missing) return <RecordNotFound {...notFound} />
  // The role decides what the Edit and Delete dialogs offer (spec 6): wait for it as the lists do.
  if (role === '' || record.isPending) return <TableLoader label={loadingLabel} />
  if (record.isError) return <ErrorText message={record.error.message} />
  return children(record.data)
}

function RecordNotFound({ title, back }: NotFoundText) {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">It may have been deleted, or the link is mistyped.</Text>
      <AnchorLink to={back.to}>{back.label}</AnchorLink>
    </Stack>
  )
}

/** A record page's Edit and Delete: which dialog is open, and the last delete failure. */
export function useRecordActions() {
  const [editing, edit] = useDisclosure(false)
  const [deleting, confirmDelete] = useDisclosure(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  return { editing, edit, deleting, confirmDelete, deleteError, setDeleteError }
}

interface RecordHeaderProps {
  title: ReactNode
  actions: ReturnType<typeof useRecordActions>
}

/**
 * The record's name as the page heading with its Edit and Delete buttons, and under
 * them a delete failure as 'Error: {message}' (spec 8).
 */
export function RecordHeader({ title, actions }: RecordHeaderProps) {
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={actions.edit.open}
          >
            Edit
          </Button>
          <Button
            variant="outline"
            color="red"
            // Mantine's outline red is 3.9:1 on white; see --crm-negative in theme.ts.
            c="var(--crm-negative)"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={actions.confirmDelete.open}
          >
            Delete
          </Button>
        </Group>
      </Group>
      {actions.deleteError !== null && <ErrorText message={actions.deleteError} />}
    </>
  )
}
