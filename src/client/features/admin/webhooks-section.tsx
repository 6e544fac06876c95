import { useState } from 'react'
import { Badge, Button, Group, Stack, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { IconWebhook } from '@tabler/icons-react'
import type { Webhook } from '#shared/webhooks'
import { webhookQueries } from '../../api/webhooks'
import { DataTable, ErrorText, TableLoader, type DataColumn } from '../../components/data-table'
import { AddWebhookDialog } from './add-webhook-dialog'
import { DeliveriesDrawer } from './deliveries-drawer'
import { DeliveryBadge } from './delivery-badge'

/** BEYOND.md "Admin": 'Webhooks', a table, 'Add webhook', and each row's 'Deliveries'. */
export function WebhooksSection() {
  const list = useQuery(webhookQueries.list())
  const [adding, add] = useDisclosure(false)
  const [open, setOpen] = useState<Webhook>()
  const columns: DataColumn<Webhook>[] = [
    {
      header: 'URL',
      card: 'title',
      cell: (w) => <span style={{ wordBreak: 'break-all' }}>{w.url}</span>,
    },
    {
      header: 'Events',
      cell: (w) => (w.events.includes('*') ? 'All events' : w.events.join(', ')),
    },
    {
      header: 'Status',
      cell: (w) => (
        <Badge variant="light" color={w.active ? 'teal' : 'gray'} tt="none">
          {w.active ? 'Active' : 'Off'}
        </Badge>
      ),
    },
    { header: 'Last delivery', cell: (w) => <LastDelivery id={w.id} /> },
    {
      header: 'Action',
      card: 'actions',
      cell: (w) => (
        <Button size="compact-sm" variant="default" onClick={() => setOpen(w)}>
          Deliveries
        </Button>
      ),
    },
  ]
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-webhooks">
      <Group justify="space-between">
        <Title order={2} size="h3" id="admin-webhooks">
          Webhooks
        </Title>
        <Button leftSection={<IconWebhook size={16} aria-hidden />} onClick={add.open}>
          Add webhook
        </Button>
      </Group>
      {list.isPending && <TableLoader label="Loading webhooks" />}
      {list.error && <ErrorText message={list.error.message} />}
      {list.data && (
        <DataTable
          caption="Where this CRM sends its events, signed with each webhook's secret."
          columns={columns}
          rows={list.data.Webhooks}
          rowKey={(w) => w.id}
        />
      )}
      <AddWebhookDialog opened={adding} onClose={add.close} />
      <DeliveriesDrawer webhook={open} onClose={() => setOpen(undefined)} />
    </Stack>
  )
}

function LastDelivery({ id }: { id: number }) {
  const { data } = useQuery(webhookQueries.last(id))
  const last = data?.Deliveries[0]
  return last ? <DeliveryBadge status={last.status} /> : '—'
}
