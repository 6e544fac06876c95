import { Button, Drawer, Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Delivery, Webhook } from '#shared/webhooks'
import { webhookQueries } from '../../api/webhooks'
import { DataTable, ErrorText, TableLoader, type DataColumn } from '../../components/data-table'
import { RelativeTime } from '../../components/history-section'
import { DeliveryBadge } from './delivery-badge'
import { useRedeliver, useSendTest } from './mutations'

// A pending delivery changes on its own (the server sends it): look again this often.
const PENDING_REFRESH_MS = 2_000

/** BEYOND.md "Admin": 'Send test event', then the deliveries, each with 'Redeliver'. */
export function DeliveriesDrawer({ webhook, onClose }: { webhook?: Webhook; onClose: () => void }) {
  return (
    <Drawer
      opened={webhook !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      title="Deliveries"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {webhook && <Deliveries webhook={webhook} />}
    </Drawer>
  )
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const list = useQuery({
    ...webhookQueries.deliveries(webhook.id),
    refetchInterval: (query) =>
      query.state.data?.Deliveries.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  })
  const test = useSendTest()
  const again = useRedeliver()
  const columns: DataColumn<Delivery>[] = [
    { header: 'Time', cell: (d) => <RelativeTime at={d.created_at} />, card: 'title' },
    { header: 'Event', cell: (d) => d.type },
    { header: 'Status', cell: (d) => <DeliveryBadge status={d.status} /> },
    { header: 'HTTP code', cell: (d) => d.last_status_code ?? '—' },
    { header: 'Attempts', cell: (d) => d.attempts },
    {
      header: 'Action',
      card: 'actions',
      cell: (d) => (
        <Button
          size="compact-sm"
          variant="default"
          disabled={!webhook.active}
          onClick={() => again.mutate({ id: webhook.id, deliveryId: d.id })}
        >
          Redeliver
        </Button>
      ),
    },
  ]
  return (
    <Stack gap="md">
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {webhook.url}
      </Text>
      <Group>
        <Button
          onClick={() => test.mutate(webhook.id)}
          disabled={test.isPending || !webhook.active}
        >
          {test.isPending ? 'Sending...' : 'Send test event'}
        </Button>
        {!webhook.active && <Text size="sm">This webhook is off.</Text>}
      </Group>
      {test.error && <ErrorText message={test.error.message} />}
      {again.error && <ErrorText message={again.error.message} />}
      {list.isPending && <TableLoader label="Loading deliveries" />}
      {list.error && <ErrorText message={list.error.message} />}
      {list.data && (
        <DataTable
          caption="The newest deliveries of this webhook, newest first."
          columns={columns}
          rows={list.data.Deliveries}
          rowKey={(d) => d.id}
        />
      )}
    </Stack>
  )
}
