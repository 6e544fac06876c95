/** One line of the bench's table: what was measured, the figure, and the goal. */
export interface Row {
  database: string
  measure: string
  /** The figure as printed (with its unit). */
  value: string
  goal: string
  /** null: measured for reference only. */
  met: boolean | null
}

/** A plain text table that is also valid Markdown. */
export function formatTable(header: string[], body: string[][]): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((cells) => cells[i]?.length ?? 0)),
  )
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`
  return [format(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`]
    .concat(body.map(format))
    .join('\n')
}

/** Prints the rows as a table, then the notes. */
export function printTable(rows: Row[], notes: string[]): void {
  const body = rows.map((row) => [
    row.database,
    row.measure,
    row.value,
    row.goal,
    row.met === null ? '' : row.met ? 'met' : 'MISSED',
  ])
  const table = formatTable(['database', 'measure', 'value', 'goal', 'met'], body)
  process.stdout.write(`\n${table}\n\n${notes.map((note) => `${note}\n`).join('')}`)
}
