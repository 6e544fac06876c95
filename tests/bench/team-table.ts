// The team's table: one row per kind of request (and per call of a page) for each run,
// with issue 23's goals beside the read kinds at 2 % writes.
import { READ_WEIGHTS, WRITE_WEIGHTS } from './team-mix'
import { TOKEN_REFRESH } from './team-kinds'
import type { Figures } from './team-stats'
import type { TeamRun } from './team-run'
import { formatTable } from './table'

const GOAL_WRITES = 2
const GROWTH_GOAL = 1.5
const P95_GOAL_MS: Record<TeamRun['database'], number> = { postgres: 50, pglite: 150 }
const MILLION_P95_GOAL_MS = 100
const MIX = 'whole mix (every call)'

/** Each read kind followed by the calls it makes, then the token refresh and the writes. */
function kindOrder(runs: TeamRun[]): string[] {
  const seen = [...new Set(runs.flatMap((run) => Object.keys(run.figures.kinds)))]
  const calls = (kind: string) => seen.filter((name) => name.startsWith(`${kind}: `))
  return [
    ...Object.keys(READ_WEIGHTS).flatMap((kind) => [kind, ...calls(kind)]),
    TOKEN_REFRESH,
    ...Object.keys(WRITE_WEIGHTS),
  ]
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–')

/** The goal of a row and whether it was met; null: for reference. */
function goal(run: TeamRun, kind: string, figures: Figures, baseline: Figures | undefined) {
  if (run.writes !== GOAL_WRITES || !(kind in READ_WEIGHTS)) return null
  if (run.size === 'small') return { goal: 'baseline of the 1.5 × goal', met: '' }
  const clean = figures.errors === 0
  if (run.size === 'million') {
    const met = clean && figures.p95 <= MILLION_P95_GOAL_MS
    return { goal: `p95 ≤ ${MILLION_P95_GOAL_MS} ms`, met: met ? 'met' : 'MISSED' }
  }
  const limit = P95_GOAL_MS[run.database]
  const grown = baseline !== undefined && figures.p95 <= GROWTH_GOAL * baseline.p95
  const met = clean && grown && figures.p95 <= limit
  return { goal: `p95 ≤ ${GROWTH_GOAL} × at 1,000 and ≤ ${limit} ms`, met: met ? 'met' : 'MISSED' }
}

function cells(run: TeamRun, kind: string, figures: Figures, baseline: Figures | undefined) {
  const aim = goal(run, kind, figures, baseline)
  const conflicts = figures.conflicts ? ` (+${figures.conflicts} conflicts)` : ''
  const cpu = `CPU: server ${run.serverCpuSeconds.toFixed(1)} s, load ${run.figures.loadCpuSeconds.toFixed(1)} s`
  const label = kind === MIX ? `${MIX}; ${cpu}` : kind
  return [
    run.database,
    run.customers.toLocaleString('en'),
    `${run.writes} %`,
    run.cache,
    label,
    String(figures.requests),
    figures.perSecond.toFixed(1),
    ms(figures.p50),
    ms(figures.p95),
    ms(figures.p99),
    `${figures.errors}${conflicts}`,
    baseline && run.size !== 'small' ? `${(figures.p95 / baseline.p95).toFixed(2)} ×` : '',
    aim?.goal ?? 'reference',
    aim?.met ?? '',
  ]
}

const HEADER = [
  'database',
  'customers',
  'writes',
  'cache',
  'kind',
  'requests',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'errors',
  'p95 ÷ at 1,000',
  'goal',
  'met',
]

const SIZES = ['small', 'large', 'million']
const byRun = (a: TeamRun, b: TeamRun) =>
  a.database.localeCompare(b.database) ||
  a.writes - b.writes ||
  a.cache.localeCompare(b.cache) ||
  SIZES.indexOf(a.size) - SIZES.indexOf(b.size)

/** Rows grouped by database, write rate and cache; in each, kind by kind, size by size. */
export function teamTable(runs: TeamRun[]): string {
  const body: string[][] = []
  const groups = new Map<string, TeamRun[]>()
  for (const run of [...runs].sort(byRun)) {
    const key = `${run.database} ${run.writes} ${run.cache}`
    groups.set(key, [...(groups.get(key) ?? []), run])
  }
  for (const group of groups.values()) {
    const small = group.find((run) => run.size === 'small')
    for (const kind of [...kindOrder(runs), MIX]) {
      for (const run of group) {
        const of = (r: TeamRun | undefined) =>
          kind === MIX ? r?.figures.mix : r?.figures.kinds[kind]
        const figures = of(run)
        if (figures) body.push(cells(run, kind, figures, of(small)))
      }
    }
  }
  return formatTable(HEADER, body)
}
