import { ActionIcon } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { palette } from '../../lib/palette'

/** The top bar's search icon: opens the command palette, as Ctrl+K / ⌘K does. */
export function SearchButton() {
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label="Search"
      aria-keyshortcuts="Control+K Meta+K"
      onClick={palette.open}
    >
      <IconSearch size={20} aria-hidden />
    </ActionIcon>
  )
}
