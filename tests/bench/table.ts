import type { LoadResult } from './load'

export type Row = { database: string; call: string } & LoadResult

/** Prints the results as a plain text table that is also valid Markdown. */
export function printTable(rows: Row[], notes: string[]): void {
  const header = ['database', 'call', 'requests/s', 'median ms', 'p99 ms', 'failed']
  const body = rows.map((row) => [
    row.database,
    row.call,
    Math.round(row.requestsPerSecond).toLocaleString('en'),
    String(row.medianMs),
    String(row.p99Ms),
    String(row.failures),
  ])
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((cells) => cells[i]?.length ?? 0)),
  )
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`
  const lines = [
    '',
    format(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...body.map(format),
    '',
    ...notes,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}
