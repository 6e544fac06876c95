import { useState } from 'react'
import { Button, Group, Stack, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { IconKey } from '@tabler/icons-react'
import type { ApiKey } from '#shared/api-keys'
import { apiKeyQueries } from '../../api/api-keys'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { DataTable, ErrorText, TableLoader, type DataColumn } from '../../components/data-table'
import { RelativeTime } from '../../components/history-section'
import { formatDate } from '../../lib/format'
import { CreateApiKeyDialog } from './create-api-key-dialog'
import { useRevokeApiKey } from './mutations'

/** BEYOND.md "Admin": 'API keys', a table and 'Create API key'; 'Revoke' asks first. */
export function ApiKeysSection() {
  const list = useQuery(apiKeyQueries.list())
  const [creating, create] = useDisclosure(false)
  const [revoking, setRevoking] = useState<ApiKey>()
  const revoke = useRevokeApiKey()
  const columns: DataColumn<ApiKey>[] = [
    { header: 'Name', cell: (k) => k.name, card: 'title' },
    { header: 'Role', cell: (k) => k.role },
    { header: 'Prefix', cell: (k) => <code>{k.prefix}…</code> },
    { header: 'Created by', cell: (k) => k.created_by?.username ?? '—' },
    {
      header: 'Last used',
      cell: (k) => (k.last_used_at ? <RelativeTime at={k.last_used_at} /> : 'Never'),
    },
    { header: 'Expires', cell: (k) => (k.expires_at ? formatDate(k.expires_at) : 'Never') },
    {
      header: 'Action',
      card: 'actions',
      cell: (k) => (
        <Button size="compact-sm" variant="default" color="red" onClick={() => setRevoking(k)}>
          Revoke
        </Button>
      ),
    },
  ]
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-api-keys">
      <Group justify="space-between">
        <Title order={2} size="h3" id="admin-api-keys">
          API keys
        </Title>
        <Button leftSection={<IconKey size={16} aria-hidden />} onClick={create.open}>
          Create API key
        </Button>
      </Group>
      {list.isPending && <TableLoader label="Loading API keys" />}
      {list.error && <ErrorText message={list.error.message} />}
      {list.data && (
        <DataTable
          caption="Keys other programs sign in with. Revoked keys are not listed."
          columns={columns}
          rows={list.data.Keys}
          rowKey={(k) => k.id}
        />
      )}
      <CreateApiKeyDialog opened={creating} onClose={create.close} />
      <ConfirmDialog
        opened={revoking !== undefined}
        onClose={() => {
          setRevoking(undefined)
          revoke.reset()
        }}
        title="Revoke this API key?"
        message={`Programs using ${revoking?.name ?? 'it'} can no longer sign in with it.`}
        error={revoke.error?.message}
        action={{
          label: 'Revoke',
          busyLabel: 'Revoking...',
          busy: revoke.isPending,
          onConfirm: () =>
            revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(undefined) }),
        }}
      />
    </Stack>
  )
}
