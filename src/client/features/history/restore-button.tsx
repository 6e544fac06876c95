import { useState } from 'react'
import { Button } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconRestore } from '@tabler/icons-react'
import type { HistoryEntry } from '#shared/history'
import { historyQueries } from '../../api/history'
import { notifyError, notifySuccess } from '../../lib/notify'

/** Brings a deleted customer or order back; resolves once what is on screen is fresh. */
export type Restore = (entity: 'customer' | 'order', id: number) => Promise<unknown>

interface RestoreButtonProps {
  entry: HistoryEntry
  restore: Restore
}

/**
 * 'Restore' on the delete entry of a customer or order that is still deleted: the entry
 * that is the record's newest (a restore since would be newer), so a record deleted twice
 * gets one button, on its latest delete. It restores at once, without a confirm dialog;
 * the refresh after it makes the button go away.
 */
export function RestoreButton({ entry, restore }: RestoreButtonProps) {
  const { entity, entity_id: id } = entry
  const restorable = entry.action === 'delete' && id !== null
  if (!restorable || (entity !== 'customer' && entity !== 'order')) return null
  return <RestoreIfLatest entryId={entry.id} entity={entity} id={id} restore={restore} />
}

interface RestoreIfLatestProps {
  /** The delete entry the button would stand on. */
  entryId: number
  entity: 'customer' | 'order'
  id: number
  restore: Restore
}

function RestoreIfLatest({ entryId, entity, id, restore }: RestoreIfLatestProps) {
  const latest = useQuery(historyQueries.latest(entity, id))
  const [busy, setBusy] = useState(false)
  if (latest.data?.id !== entryId) return null
  const noun = entity === 'customer' ? 'Customer' : 'Order'
  const onClick = () => {
    setBusy(true)
    void restore(entity, id)
      .then(
        () => notifySuccess(`${noun} restored`),
        (error: Error) => notifyError(error.message),
      )
      .finally(() => setBusy(false))
  }
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRestore size={14} aria-hidden />}
      disabled={busy}
      onClick={onClick}
    >
      {busy ? 'Restoring...' : 'Restore'}
    </Button>
  )
}
