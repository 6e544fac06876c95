/** Replaces the row with this id by `change(row)`, in place; undefined when there is none. */
export function replaceById<T extends { id: number }>(
  rows: T[],
  id: number,
  change: (row: T) => T,
): T | undefined {
  const index = rows.findIndex((row) => row.id === id)
  const found = rows[index]
  if (!found) return undefined
  rows[index] = change(found)
  return rows[index]
}

/** A new array without the row with this id; undefined when there is none (the 404). */
export function withoutId<T extends { id: number }>(rows: T[], id: number): T[] | undefined {
  const rest = rows.filter((row) => row.id !== id)
  return rest.length < rows.length ? rest : undefined
}
