import { tasksQuery, type TasksSearch } from '../../src/client/features/tasks/search-params'
import { p95, query } from './timed-calls'
import { signIn } from './processes'
const base = process.argv[2]!
const only = process.argv[3]
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC']
const zone = (i: number) => ZONES[i % ZONES.length] ?? 'UTC'
const headers = await signIn(base)
const m = async (label: string, path: (i: number) => string) => console.log(label, (await p95(base, headers, path, 320)).toFixed(1))
if (only !== 'counts') for (const assignee of [undefined, 'all'] as const) for (const segment of ['open', 'overdue', 'today', 'upcoming', 'none', 'done'] as const) {
  const search: TasksSearch = { ...(segment === 'open' ? {} : { due: segment }), ...(assignee ? { assignee } : {}) }
  const params = tasksQuery(search)
  await m(`tasks ${segment} ${assignee ?? 'me'}`, (i) => `/api/tasks/?${query({ ...params, tz: zone(i) })}`)
}
if (only !== 'counts') await m('notes', (i) => `/api/notes/?${query({ customer: 1 + ((i * 7919) % 90000), limit: 100 })}`)
for (const assignee of ['me', 'all']) await m(`counts ${assignee}`, (i) => `/api/tasks/counts/?${query({ assignee, tz: zone(i) })}`)
process.exit(0)
