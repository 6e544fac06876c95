import { Checkbox } from '@mantine/core'
import type { ChangeEvent } from 'react'
import type { Selection } from './use-selection'

// A checkbox's change comes from a click (or the Space key): Shift held asks for a range.
const shiftHeld = (event: ChangeEvent<HTMLInputElement>) =>
  'shiftKey' in event.nativeEvent && Boolean(event.nativeEvent.shiftKey)

/** 'Select all on this page': on when every row of the page is, mixed when some are. */
export function PageBox({ selection, ids }: { selection: Selection; ids: number[] }) {
  const on = ids.filter((id) => selection.has(id)).length
  return (
    <Checkbox
      aria-label="Select all on this page"
      checked={ids.length > 0 && on === ids.length}
      indeterminate={on > 0 && on < ids.length}
      onChange={() => selection.togglePage(ids)}
    />
  )
}

/** 'Select row' (Shift+click: every row from the last one clicked). */
export function RowBox({
  selection,
  ids,
  index,
}: {
  selection: Selection
  ids: number[]
  index: number
}) {
  return (
    <Checkbox
      aria-label="Select row"
      checked={selection.has(ids[index] ?? -1)}
      onChange={(event) => selection.toggle(ids, index, shiftHeld(event))}
    />
  )
}
