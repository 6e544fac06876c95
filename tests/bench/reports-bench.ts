// The sales report's rows alone, without the team's load: `npx tsx tests/bench/reports-bench.ts`.
// BENCH_DB=pglite (default) or postgres (with DATABASE_URL, a THROWAWAY database: it is
// emptied), BENCH_CUSTOMERS / BENCH_ORDERS (100,000 / 300,000). `npm run bench` runs the
// same rows after the team's load, and at 3,000,000 orders with BENCH_TEAM_MILLION=1.
import { countRows, fill, pgliteTarget, postgresTarget } from './fill'
import { startCrm } from './processes'
import { reportRows } from './reports-rows'
import { printTable } from './table'

const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000)
const orders = Number(process.env.BENCH_ORDERS ?? 300_000)

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL
  const postgres = process.env.BENCH_DB === 'postgres'
  if (postgres && !url)
    throw new Error('BENCH_DB=postgres needs DATABASE_URL (a THROWAWAY database)')
  const target = postgres && url ? await postgresTarget(url) : pgliteTarget()
  const log = (line: string) => process.stdout.write(`[${target.label}] ${line}\n`)
  try {
    const seconds = await fill(target, customers, orders)
    const has = await countRows(target)
    log(`filled ${has.customers} customers and ${has.orders} orders in ${seconds.toFixed(1)} s`)
    const server = await startCrm({
      ...target.env,
      CRM_JWT_SECRET: 'bench-only-secret-0123456789-abcdef',
    })
    try {
      const label =
        target.label === 'postgres' && orders >= 3_000_000 ? 'postgres 3M' : target.label
      const rows = await reportRows(label, server, log)
      printTable(rows, [`${customers} customers, ${orders} orders over three years`])
    } finally {
      await server.stop()
    }
  } finally {
    target.dispose()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exit(1)
  },
)
