import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { ReminderEvent } from '#shared/reminders'
import { toChange } from './change-event'
import { followEventStream } from './follow-stream'
import { toReminder } from './reminder-event'
import { refreshAfterChange, refreshAllLive } from '../../lib/refresh-after-change'

/** BEYOND.md "Live": nothing is shown unless the stream stays down longer than this. */
export const PAUSED_NOTICE_MS = 10_000

/**
 * While the dashboard is open: follows the server's change stream and refreshes what each
 * change touches. `paused` is true once the stream has been down for 10 s, and false
 * again as soon as it is back.
 */
export function useLiveChanges(options: { onReminder?: (reminder: ReminderEvent) => void } = {}): {
  paused: boolean
} {
  const queryClient = useQueryClient()
  const [paused, setPaused] = useState(false)
  // The latest handler, without opening the stream again when it changes.
  const onReminder = useRef(options.onReminder)
  useEffect(() => {
    onReminder.current = options.onReminder
  })

  useEffect(() => {
    const controller = new AbortController()
    let notice: ReturnType<typeof setTimeout> | undefined
    let connectedBefore = false
    const down = () => {
      notice ??= setTimeout(() => setPaused(true), PAUSED_NOTICE_MS)
    }
    const up = () => {
      clearTimeout(notice)
      notice = undefined
      setPaused(false)
      // Changes made while the stream was down were never heard of.
      if (connectedBefore) void refreshAllLive(queryClient)
      connectedBefore = true
    }
    // Down until the first stream opens.
    down()
    void followEventStream(controller.signal, {
      onEvent: (event) => {
        const change = toChange(event)
        if (change) void refreshAfterChange(queryClient, change)
        const reminder = toReminder(event)
        if (reminder) onReminder.current?.(reminder)
      },
      onConnection: (isUp) => (isUp ? up() : down()),
    })
    return () => {
      controller.abort()
      clearTimeout(notice)
    }
  }, [queryClient])

  return { paused }
}
