import { Fragment, type ReactNode } from 'react'
import { Kbd, Table, Text } from '@mantine/core'
import { DialogFrame, type DialogProps } from '../../components/dialog'

const isMac = () => /Mac|iPhone|iPad/.test(navigator.userAgent)

const keys = (...parts: string[]) =>
  parts.map((part, i) => (
    <Fragment key={part}>
      {i > 0 && ' '}
      <Kbd>{part}</Kbd>
    </Fragment>
  ))

const then = (first: string, second: string) => (
  <>
    <Kbd>{first}</Kbd> then <Kbd>{second}</Kbd>
  </>
)

/** BEYOND.md "Command palette and keyboard", as `?` lists them. */
function shortcuts(): { keys: ReactNode; label: string }[] {
  return [
    { keys: keys(isMac() ? '⌘' : 'Ctrl', 'K'), label: 'Open the command palette' },
    { keys: keys('/'), label: 'Search the list (customers and orders screens)' },
    { keys: keys('n'), label: 'Add a customer or an order (customers and orders screens)' },
    { keys: keys('t'), label: 'Add a task' },
    { keys: then('g', 'o'), label: 'Go to Orders' },
    { keys: then('g', 'c'), label: 'Go to Customers' },
    { keys: then('g', 'h'), label: 'Go to History' },
    { keys: keys('?'), label: 'Show these shortcuts' },
    { keys: keys('Esc'), label: 'Close the palette or a dialog' },
  ]
}

/** `?`: every shortcut; they do nothing while the focus is in a text field. */
export function ShortcutsDialog(dialog: DialogProps) {
  return (
    <DialogFrame {...dialog} title="Keyboard shortcuts">
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Keys</Table.Th>
            <Table.Th scope="col">What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shortcuts().map((shortcut) => (
            <Table.Tr key={shortcut.label}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortcut.keys}</Table.Td>
              <Table.Td>{shortcut.label}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        Shortcuts other than {isMac() ? '⌘' : 'Ctrl'} K do nothing while you type in a field.
      </Text>
    </DialogFrame>
  )
}
