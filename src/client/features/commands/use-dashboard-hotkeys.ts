import { useHotkeys, type HotkeyItem } from '@mantine/hooks'
import { useNavigate } from '@tanstack/react-router'
import { openListScreen } from '../../lib/list-commands'
import { palette, paletteStore } from '../../lib/palette'
import { openTaskDialog } from '../../lib/task-dialog'
import { DESTINATIONS } from './destinations'

/** How long after `g` its second key (`o`, `c`, `h`) still counts. */
const SEQUENCE_MS = 1_500

/**
 * Every keyboard shortcut of the dashboard, in one listener (BEYOND.md "Command palette
 * and keyboard"): Ctrl+K / ⌘K anywhere; `/`, `n`, `g` then `o` / `c` / `h`, and `?`
 * only when the user is not typing in a field and no dialog is open.
 */
export function useDashboardHotkeys({ showShortcuts }: { showShortcuts: () => void }): void {
  const navigate = useNavigate()
  const goTo = DESTINATIONS.flatMap((destination): HotkeyItem[] =>
    'key' in destination
      ? [
          [
            destination.key,
            onPlainKey(() => afterG() && run(() => void navigate({ to: destination.to }))),
            KEEP_DEFAULT,
          ],
        ]
      : [],
  )

  useHotkeys(
    [
      // A chord, not typing: it works in a field too (and Chrome's own Ctrl+K is kept out).
      ['mod+K', togglePalette],
      ['/', onPlainKey(() => run(openListScreen()?.focusSearch)), KEEP_DEFAULT],
      ['n', onPlainKey(() => run(openListScreen()?.add)), KEEP_DEFAULT],
      // 'New task' (about the page's customer or order); a Tester's dialog never opens.
      ['t', onPlainKey(() => run(openTaskDialog)), KEEP_DEFAULT],
      ['g', onPlainKey(pressG), KEEP_DEFAULT],
      ...goTo,
      // Shift+/ on most keyboards; on some, `?` needs no Shift.
      ['shift+?', onPlainKey(() => run(showShortcuts)), KEEP_DEFAULT],
      ['?', onPlainKey(() => run(showShortcuts)), KEEP_DEFAULT],
    ],
    // Which targets count as typing is decided below, not by tag name.
    [],
    true,
  )
}

// When `g` was last pressed. One dashboard is open at a time, so module state will do.
let gPressedAt = 0

function pressG(): boolean {
  gPressedAt = Date.now()
  return true
}

/** Whether `g` was pressed just before (and then takes it, so `g o o` goes once). */
function afterG(): boolean {
  if (Date.now() - gPressedAt > SEQUENCE_MS) return false
  gPressedAt = 0
  return true
}

// A plain key prevents the default (typing it) only when it did something.
const KEEP_DEFAULT = { preventDefault: false }

function run(command: (() => void) | undefined): boolean {
  command?.()
  return command !== undefined
}

/** A handler for a key without modifiers; `act` says whether it did anything. */
function onPlainKey(act: () => boolean) {
  return (event: KeyboardEvent) => {
    if (event.repeat || event.isComposing || isTyping(event.target) || isDialogOpen()) return
    if (act()) event.preventDefault()
  }
}

function togglePalette(): void {
  if (paletteStore.getState().opened) palette.close()
  else if (!isDialogOpen()) palette.open()
}

// Inputs nobody types into: with the focus on the dark-mode switch, shortcuts still work.
const BUTTON_LIKE_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
])

/** Whether the user is typing: a text field, a text area, a select, editable text. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLInputElement) return !BUTTON_LIKE_INPUTS.has(target.type)
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
}

/** Whether a dialog (a Mantine Modal, the palette included) is open over the page. */
function isDialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null
}
