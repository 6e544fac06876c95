import { useState } from 'react'
import { Stack, Text, Title } from '@mantine/core'
import { ErrorText, TableLoader } from './data-table'

/** One change to a record, as the history API answers it (API.md "History"): the parts shown. */
export interface HistoryEntry {
  id: number
  /** ISO date-time of the change. */
  at: string
  actor: { username: string } | null
  /** 'Olivia Smith · updated city London → Leeds' */
  summary: string
}

interface HistorySectionProps {
  title: string
  /** Newest first. */
  entries: HistoryEntry[]
  /** What shows while there are none. */
  empty: string
  /** The entries are on their way: a spinner in their place. */
  loading?: boolean
  /** They could not be read: 'Error: {message}' in their place. */
  error?: string
}

/** A record's page's history: its entries newest first, or a line saying there are none. */
export function HistorySection({ title, entries, empty, loading, error }: HistorySectionProps) {
  return (
    <Stack component="section" aria-label={title} gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      {loading ? (
        <TableLoader label={`Loading ${title.toLowerCase()}`} />
      ) : error !== undefined ? (
        <ErrorText message={error} />
      ) : entries.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <Text component="li" key={entry.id} size="sm">
              {entry.summary} · {entry.actor?.username ?? 'operator'} ·{' '}
              <RelativeTime at={entry.at} />
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  )
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
]

/** '3 minutes ago' in a <time> whose title is the exact local date and time (BEYOND.md). */
export function RelativeTime({ at, now }: { at: string; now?: number }) {
  // The moment it was first shown: a re-render does not move it.
  const [shown] = useState(Date.now)
  const date = new Date(at)
  let value = (date.getTime() - (now ?? shown)) / 1000
  let unit: Intl.RelativeTimeFormatUnit = 'second'
  for (const [step, size] of STEPS) {
    unit = step
    // Rounded as it will be shown: 59.7 minutes is '1 hour', not '60 minutes'.
    if (Math.abs(Math.round(value)) < size) break
    value /= size
  }
  return (
    <time dateTime={at} title={date.toLocaleString()}>
      {relative.format(Math.round(value), unit)}
    </time>
  )
}
