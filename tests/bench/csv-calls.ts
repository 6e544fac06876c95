import type { Row } from './table'

const EXPORT_GOAL_S = 3
const EXPORT_MEMORY_GOAL_MIB = 50
const IMPORT_GOALS_S: Record<number, number> = { 20_000: 5, 100_000: 25 }

interface Server {
  base: string
  rssMiB(): number
}

/** A customers file of `rows` rows, as a spreadsheet would save it. */
function customersFile(rows: number): string {
  const lines = Array.from(
    { length: rows },
    (_, i) =>
      `Bench Import ${i},bench${i}@example.com,Oslo,Norway,+47 ${String(i).padStart(8, '0')}`,
  )
  return `name,email,city,country,phone\n${lines.join('\n')}\n`
}

/**
 * Issue 12's speed goals: export every customer (time, and how much the server's
 * resident memory grew while it streamed), then import 20,000 and 100,000 customers.
 */
export async function csvRows(
  database: string,
  server: Server,
  headers: Record<string, string>,
  log: (line: string) => void,
): Promise<Row[]> {
  const rows: Row[] = []
  const before = server.rssMiB()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMiB())), 50)
  const started = performance.now()
  const res = await fetch(`${server.base}/api/customers/export/`, { headers })
  const text = await res.text()
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const exported = text.split('\n').length - 2
  log(
    `export: ${exported} rows in ${seconds.toFixed(2)} s, memory +${Math.round(peak - before)} MiB`,
  )
  rows.push(
    {
      database,
      measure: `export ${exported.toLocaleString('en')} customers (CSV)`,
      value: `${seconds.toFixed(2)} s`,
      goal: `≤ ${EXPORT_GOAL_S} s`,
      met: res.ok && seconds <= EXPORT_GOAL_S,
    },
    {
      database,
      measure: 'server memory growth during that export',
      value: `${Math.round(peak - before)} MiB`,
      goal: `≤ ${EXPORT_MEMORY_GOAL_MIB} MiB`,
      met: peak - before <= EXPORT_MEMORY_GOAL_MIB,
    },
  )
  for (const [size, goal] of Object.entries(IMPORT_GOALS_S)) {
    const file = customersFile(Number(size))
    const t0 = performance.now()
    const imported = await fetch(`${server.base}/api/customers/import/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: file,
    })
    const took = (performance.now() - t0) / 1000
    const answer = (await imported.json()) as { created?: number }
    log(
      `import ${size}: ${imported.status} ${JSON.stringify(answer).slice(0, 80)} in ${took.toFixed(2)} s`,
    )
    rows.push({
      database,
      measure: `import ${Number(size).toLocaleString('en')} customers (CSV)`,
      value: `${took.toFixed(2)} s`,
      goal: `≤ ${goal} s`,
      met: imported.ok && answer.created === Number(size) && took <= goal,
    })
  }
  return rows
}
