/**
 * What the open list screen (customers, orders) lets the keyboard and the command palette
 * do: focus its search box, open its add dialog. The screen registers itself while it is
 * mounted; the one dashboard hotkey hook and the palette call it, so no screen listens to
 * keys itself.
 */
export interface ListCommands {
  focusSearch: () => void
  add: () => void
}

/** An add asked for on the way to a screen is honoured only if the screen opens soon. */
const PENDING_ADD_MS = 5_000

let open: { path: string; commands: ListCommands } | null = null
let pendingAdd: { path: string; at: number } | null = null

/** '/dashboard/customers/' (an index route's own path) and '/dashboard/customers' are one screen. */
const withoutTrailingSlash = (path: string) => path.replace(/\/+$/, '')

/**
 * Called by the list screen at `screenPath` (its own route's, not the browser's address, which
 * moves on before the screen goes) as it mounts; returns what to call as it unmounts.
 */
export function registerListScreen(screenPath: string, commands: ListCommands): () => void {
  const path = withoutTrailingSlash(screenPath)
  const entry = { path, commands }
  open = entry
  if (pendingAdd?.path === path && Date.now() - pendingAdd.at <= PENDING_ADD_MS) {
    pendingAdd = null
    commands.add()
  }
  return () => {
    if (open === entry) open = null
  }
}

/** The open list screen's commands, or null when the screen is not a list screen. */
export function openListScreen(): ListCommands | null {
  return open?.commands ?? null
}

/**
 * Opens the add dialog of the list screen at `screenPath`: at once if it is open, else as soon
 * as it mounts (the caller navigates there).
 */
export function requestAdd(screenPath: string): void {
  const path = withoutTrailingSlash(screenPath)
  if (open?.path === path) open.commands.add()
  else pendingAdd = { path, at: Date.now() }
}
