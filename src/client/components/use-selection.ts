import { useState } from 'react'

/**
 * The rows a list has checked, by id, for a bulk change: a click toggles one row, a
 * Shift+click sets the rows between the last click and this one the same way, and
 * 'Select all {count} matching' replaces the set with every matching id. `scope` is the
 * list's query: a new search, filter, sort or page starts with nothing checked.
 */
export function useSelection(scope: string) {
  const [state, setState] = useState({ scope, ids: new Set<number>(), last: -1 })
  const current = state.scope === scope ? state : { scope, ids: new Set<number>(), last: -1 }
  const { ids } = current
  return {
    ids,
    count: ids.size,
    has: (id: number) => ids.has(id),
    /** `pageIds` is the page's ids in order; `index` the clicked row's place among them. */
    toggle: (pageIds: number[], index: number, range: boolean) => {
      const id = pageIds[index]
      if (id === undefined) return
      const on = !ids.has(id)
      const from = range && current.last >= 0 ? Math.min(current.last, index) : index
      const to = range && current.last >= 0 ? Math.max(current.last, index) : index
      const next = new Set(ids)
      for (const each of pageIds.slice(from, to + 1)) {
        if (on) next.add(each)
        else next.delete(each)
      }
      setState({ scope, ids: next, last: index })
    },
    /** The header's box: every row of the page on, or (all on already) off. */
    togglePage: (pageIds: number[]) => {
      const allOn = pageIds.every((id) => ids.has(id))
      const next = new Set(ids)
      for (const id of pageIds) {
        if (allOn) next.delete(id)
        else next.add(id)
      }
      setState({ scope, ids: next, last: -1 })
    },
    set: (all: number[]) => setState({ scope, ids: new Set(all), last: -1 }),
    clear: () => setState({ scope, ids: new Set(), last: -1 }),
  }
}

export type Selection = ReturnType<typeof useSelection>
