import '@mantine/spotlight/styles.css'
import { useEffect, useState } from 'react'
import { Text } from '@mantine/core'
import { Spotlight, useSpotlight } from '@mantine/spotlight'
import { IconSearch } from '@tabler/icons-react'
import { paletteStore } from '../../lib/palette'
import { matchingActions, useActions, useRecordMatches, type PaletteItem } from './palette-items'

const LIST_ID = 'command-palette-results'
const optionId = (item: PaletteItem) => `command-palette-${item.id}`
const GROUPS = ['Customers', 'Orders', 'Actions'] as const

/**
 * The command palette (Mantine Spotlight; BEYOND.md "Command palette and keyboard"): with
 * nothing typed it lists the actions; typing lists matching records first, then matching
 * actions. The first entry is selected, arrows move, Enter runs it, Esc closes.
 */
export function CommandPalette({ showShortcuts }: { showShortcuts: () => void }) {
  const [text, setText] = useState('')
  const { opened } = useSpotlight(paletteStore)
  const records = useRecordMatches(text)
  const items = [...records.items, ...matchingActions(useActions({ showShortcuts }), text)]
  const selection = useSelection(items, { opened, text })
  const active = items[selection.index]

  return (
    <Spotlight.Root
      store={paletteStore}
      query={text}
      onQueryChange={setText}
      // Each opening starts empty (Mantine clears the text after its closing transition,
      // which does not run where transitions are off).
      onSpotlightOpen={() => setText('')}
      // Ctrl+K is one of the dashboard's shortcuts (use-dashboard-hotkeys.ts).
      shortcut={null}
      scrollable
      maxHeight={420}
      attributes={{ content: { 'aria-label': 'Command palette' } }}
    >
      <Spotlight.Search
        data-autofocus
        placeholder="Search customers and orders, or type a command"
        aria-label="Search customers, orders and commands"
        leftSection={<IconSearch size={18} aria-hidden />}
        role="combobox"
        aria-expanded
        aria-controls={LIST_ID}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active) : undefined}
        // The same keys Spotlight moves its own selection on, just after this.
        onKeyDown={({ nativeEvent: { code, isComposing } }) => {
          if (isComposing) return
          if (code === 'ArrowDown') selection.move(1)
          if (code === 'ArrowUp') selection.move(-1)
        }}
      />
      <Spotlight.ActionsList id={LIST_ID} role="listbox" aria-label="Results">
        <PaletteEntries items={items} selected={selection.index} />
        {items.length === 0 && (
          <Spotlight.Empty>{records.searching ? 'Searching…' : 'Nothing found'}</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Text size="xs" c="dimmed">
          ↑ ↓ to move · Enter to open · Esc to close
        </Text>
      </Spotlight.Footer>
    </Spotlight.Root>
  )
}

/**
 * Which entry is selected: the first whenever the palette opens, the text changes or the
 * entries do (results arriving); the arrows move it round. Kept here, not read from
 * Spotlight, which moves its selection in the DOM without telling React: the option's
 * aria-selected and the box's aria-activedescendant must follow it.
 */
function useSelection(items: PaletteItem[], { opened, text }: { opened: boolean; text: string }) {
  const [selected, setSelected] = useState(0)
  const entries = items.map((item) => item.id).join()
  const [seen, setSeen] = useState({ entries, opened, text })
  if (seen.entries !== entries || seen.opened !== opened || seen.text !== text) {
    setSeen({ entries, opened, text })
    setSelected(0)
  }
  const count = items.length
  const index = count === 0 ? -1 : Math.min(selected, count - 1)
  // Spotlight's own arrow and Enter handling start from its store: the same entry.
  useEffect(() => paletteStore.updateState((state) => ({ ...state, selected: index })))
  return {
    index,
    move: (step: 1 | -1) => {
      if (count > 0) setSelected((index + step + count) % count)
    },
  }
}

/** The entries by group, in list order: the n-th entry on screen is `items[n]`. */
function PaletteEntries({ items, selected }: { items: PaletteItem[]; selected: number }) {
  return GROUPS.map((group) => {
    const members = items.filter((item) => item.group === group)
    if (members.length === 0) return null
    return (
      <Spotlight.ActionsGroup key={group} label={group} role="group" aria-label={group}>
        {members.map((item) => {
          const index = items.indexOf(item)
          const ItemIcon = item.icon
          return (
            <Spotlight.Action
              key={item.id}
              // Spotlight.Action keeps `id` for itself; the option needs it for
              // the search box's aria-activedescendant.
              renderRoot={(props) => <button {...props} id={optionId(item)} />}
              role="option"
              aria-selected={index === selected}
              data-selected={index === selected || undefined}
              label={item.label}
              description={item.description}
              leftSection={<ItemIcon size={18} aria-hidden />}
              onClick={item.run}
            />
          )
        })}
      </Spotlight.ActionsGroup>
    )
  })
}
