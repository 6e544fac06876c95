import { useState, type ReactNode } from 'react'
import { Button, Group, Paper, Text } from '@mantine/core'
import { BULK_MAX } from '#shared/bulk'
import { formatCount } from '../lib/format'
import { notifyError } from '../lib/notify'
import type { Selection } from './use-selection'

interface BulkBarProps {
  selection: Selection
  /** How many rows the list's search and filters match. */
  matching: number
  /** Every matching id (up to 1,000), for 'Select all {count} matching'. */
  loadAll: () => Promise<number[]>
  /** The screen's actions on the checked rows. */
  children: ReactNode
}

/** BEYOND.md "Bulk": '{n} selected', 'Select all {count} matching', then the actions. */
export function BulkBar({ selection, matching, loadAll, children }: BulkBarProps) {
  const [loading, setLoading] = useState(false)
  if (selection.count === 0) return null
  const selectAll = () => {
    setLoading(true)
    loadAll()
      .then(selection.set, (error: Error) => notifyError(error.message))
      .finally(() => setLoading(false))
  }
  return (
    <Paper withBorder p="xs" role="region" aria-label="Bulk actions">
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <Text fw={600} size="sm" aria-live="polite">
            {formatCount(selection.count)} selected
          </Text>
          {matching > selection.count && matching <= BULK_MAX && (
            <Button variant="subtle" size="compact-sm" loading={loading} onClick={selectAll}>
              {`Select all ${formatCount(matching)} matching`}
            </Button>
          )}
        </Group>
        <Group gap="xs">{children}</Group>
      </Group>
    </Paper>
  )
}
