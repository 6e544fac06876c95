import { useEffect } from 'react'
import { useDisclosure } from '@mantine/hooks'
import { palette } from '../../lib/palette'
import { CommandPalette } from './command-palette'
import { ShortcutsDialog } from './shortcuts-dialog'
import { useDashboardHotkeys } from './use-dashboard-hotkeys'

/** The dashboard's keyboard: its shortcuts, the command palette and the `?` dialog. */
export function DashboardCommands() {
  const [shortcutsOpened, shortcuts] = useDisclosure(false)
  useDashboardHotkeys({ showShortcuts: shortcuts.open })
  // The palette's store outlives the dashboard: a session that ends with it open must
  // not find it open at the next sign-in.
  useEffect(() => () => palette.close(), [])
  return (
    <>
      <CommandPalette showShortcuts={shortcuts.open} />
      <ShortcutsDialog opened={shortcutsOpened} onClose={shortcuts.close} />
    </>
  )
}
