// Issue 24's speed goals at the large size: tasks and notes filled (follow-ups-fill.ts),
// then a server of its own (production settings): each tasks list segment of the Tasks
// screen (the agent's own and everyone's), a customer's notes (a different customer each
// call) and /api/tasks/counts/, CLIENTS at a time, p95 of the timed calls; then 1,000
// reminders due in the same second (follow-ups-reminders.ts). No call repeats the one
// before it (zones and customers rotate) and the server keeps no answers.
// BENCH_TASKS / BENCH_NOTES (200,000 / 300,000), BENCH_FOLLOW_UPS_CALLS (1,000 a row),
// BENCH_REMINDER_LEAD (60 s: the time to make the 1,000 tasks before their reminders).
import { tasksQuery, type TasksSearch } from '../../src/client/features/tasks/search-params'
import type { BenchTarget } from './fill'
import { fillFollowUps } from './follow-ups-fill'
import { reminderRow } from './follow-ups-reminders'
import { signIn, startCrm } from './processes'
import type { Row } from './table'
import { CLIENTS, p95, query, warmUp } from './timed-calls'

const TASKS = Number(process.env.BENCH_TASKS ?? 200_000)
const NOTES = Number(process.env.BENCH_NOTES ?? 300_000)
const CALLS = Number(process.env.BENCH_FOLLOW_UPS_CALLS ?? 1_000)
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC']
const GOAL_LIST_MS = 50
const GOAL_COUNTS_MS = 20
const SECRET = 'bench-only-secret-follow-ups-0123456789'
const SEGMENTS = ['open', 'overdue', 'today', 'upcoming', 'none', 'done'] as const

const zone = (i: number) => ZONES[i % ZONES.length] ?? 'UTC'

function row(database: string, measure: string, ms: number, goal: number): Row {
  return {
    database,
    measure: `${measure}, p95 of ${CALLS} with ${CLIENTS} clients`,
    value: `${ms.toFixed(1)} ms`,
    goal: `≤ ${goal} ms`,
    met: ms <= goal,
  }
}

/** Fills the target's tasks and notes, starts a server on it, measures, stops it. */
export async function followUpRows(
  target: BenchTarget,
  log: (line: string) => void,
): Promise<Row[]> {
  const filled = await fillFollowUps(target, { tasks: TASKS, notes: NOTES })
  log(`filled to ${TASKS} tasks and ${NOTES} notes in ${filled.seconds.toFixed(1)} s`)
  const server = await startCrm({ ...target.env, CRM_JWT_SECRET: SECRET })
  const rows: Row[] = []
  const db = target.label
  try {
    const headers = await signIn(server.base)
    const measured: [measure: string, goal: number, path: (i: number) => string][] = []
    for (const assignee of [undefined, 'all'] as const) {
      for (const segment of SEGMENTS) {
        const search: TasksSearch = {
          ...(segment === 'open' ? {} : { due: segment }),
          ...(assignee ? { assignee } : {}),
        }
        const params = tasksQuery(search)
        measured.push([
          `tasks list '${segment}', ${assignee ?? 'me'}`,
          GOAL_LIST_MS,
          (i) => `/api/tasks/?${query({ ...params, tz: zone(i) })}`,
        ])
      }
    }
    const customers = filled.customers
    measured.push([
      "a customer's notes (100)",
      GOAL_LIST_MS,
      (i) => `/api/notes/?${query({ customer: customers[i % customers.length], limit: 100 })}`,
    ])
    for (const assignee of ['me', 'all']) {
      measured.push([
        `/api/tasks/counts/, ${assignee}`,
        GOAL_COUNTS_MS,
        (i) => `/api/tasks/counts/?${query({ assignee, tz: zone(i) })}`,
      ])
    }
    await warmUp(
      server.base,
      headers,
      measured.map(([, , path]) => path),
    )
    for (const [measure, goal, path] of measured) {
      const ms = await p95(server.base, headers, path, CALLS)
      log(`${measure}: p95 ${ms.toFixed(1)} ms`)
      rows.push(row(db, measure, ms, goal))
    }
    // A sign-in of its own: the event stream ends when its access token expires, and the
    // rows before it may take longer than a token lives (they did on PGlite).
    rows.push(await reminderRow(db, server.base, await signIn(server.base), log))
  } finally {
    await server.stop()
  }
  return rows
}
