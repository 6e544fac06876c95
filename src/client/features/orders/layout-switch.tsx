import { SegmentedControl } from '@mantine/core'

interface LayoutSwitchProps {
  board: boolean
  onChange: (board: boolean) => void
}

/** BEYOND.md "Orders board": 'Table' / 'Board' (`?view=board`). */
export function LayoutSwitch({ board, onChange }: LayoutSwitchProps) {
  return (
    <SegmentedControl
      aria-label="Layout"
      data={['Table', 'Board']}
      value={board ? 'Board' : 'Table'}
      onChange={(value) => onChange(value === 'Board')}
    />
  )
}
