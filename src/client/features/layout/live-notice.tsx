import { Group, Text } from '@mantine/core'
import { IconPlugConnectedX } from '@tabler/icons-react'
import classes from './layout.module.css'

/**
 * BEYOND.md "Live": shown only once the live stream has been down for 10 s, gone as soon
 * as it is back. The status region is always there, so screen readers announce the change.
 */
export function LiveNotice({ paused }: { paused: boolean }) {
  return (
    <div role="status" className={classes.liveNotice}>
      {paused && (
        <Group gap={6} wrap="nowrap">
          <IconPlugConnectedX size={16} aria-hidden />
          <Text size="sm">Live updates paused, reconnecting…</Text>
        </Group>
      )}
    </div>
  )
}
