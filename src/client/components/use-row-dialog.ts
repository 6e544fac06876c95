import { useState } from 'react'

/** An edit or delete dialog's state: the table row it is about, and whether it shows. */
interface RowDialog<T> {
  row: T | null
  opened: boolean
  open: (row: T) => void
  close: () => void
}

export function useRowDialog<T>(): RowDialog<T> {
  // The row outlives `opened`, so the dialog keeps its content while it closes.
  const [row, setRow] = useState<T | null>(null)
  const [opened, setOpened] = useState(false)
  return {
    row,
    opened,
    open: (next) => {
      setRow(next)
      setOpened(true)
    },
    close: () => setOpened(false),
  }
}
