// Issue 24's reminders row: 1,000 tasks of the signed-in agent whose reminders fall due in
// the same second, made through the API; their `event: reminder` counted on the agent's
// event stream, as tests/server/reminders-servers.test.ts does: each one's lateness after
// its time, how many came, and how many came twice.
import type { Row } from './table'

const TASKS = 1_000
const CLIENTS = 16
/** Seconds from the start to the reminders' time: enough to make 1,000 tasks first. */
const LEAD_S = Number(process.env.BENCH_REMINDER_LEAD ?? 60)
/** How long after their time the reminders are waited for. */
const WAIT_MS = 15_000

/** The agent's event stream: when each reminder's task arrived (Date.now(), every time). */
async function reminderStream(base: string, headers: Record<string, string>) {
  const controller = new AbortController()
  const res = await fetch(`${base}/api/events/`, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: controller.signal,
  })
  if (!res.ok || !res.body) throw new Error(`events stream answered ${res.status}`)
  const arrivals: { task: number; at: number }[] = []
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffered = ''
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }))
      if (done) return
      const at = Date.now()
      buffered += value
      const blocks = buffered.split('\n\n')
      buffered = blocks.pop() ?? ''
      for (const block of blocks) {
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (!data || !/^event: reminder$/m.test(block)) continue
        arrivals.push({ task: (JSON.parse(data) as { task: { id: number } }).task.id, at })
      }
    }
  })()
  return { arrivals, close: () => controller.abort() }
}

/** Makes the tasks, CLIENTS at a time; answers their ids. */
async function makeTasks(base: string, headers: Record<string, string>, remindAt: string) {
  const ids: number[] = []
  let next = 0
  const client = async () => {
    while (next < TASKS) {
      const n = next++
      const res = await fetch(`${base}/api/tasks/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Bench reminder ${n}`, remind_at: remindAt }),
      })
      if (res.status !== 201) throw new Error(`POST /api/tasks/ answered ${res.status}`)
      ids.push(((await res.json()) as { id: number }).id)
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, client))
  return ids
}

export async function reminderRow(
  database: string,
  base: string,
  headers: Record<string, string>,
  log: (line: string) => void,
): Promise<Row> {
  const stream = await reminderStream(base, headers)
  const dueAt = Math.ceil((Date.now() + LEAD_S * 1000) / 1000) * 1000
  const ids = new Set(await makeTasks(base, headers, new Date(dueAt).toISOString()))
  const madeInTime = Date.now() < dueAt - 1000
  const ours = () => stream.arrivals.filter((arrival) => ids.has(arrival.task))
  while (new Set(ours().map((a) => a.task)).size < TASKS && Date.now() < dueAt + WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // A little longer: a reminder raised twice would show now.
  await new Promise((resolve) => setTimeout(resolve, 2000))
  stream.close()
  const arrivals = ours()
  const delivered = new Set(arrivals.map((a) => a.task)).size
  const twice = arrivals.length - delivered
  const late = arrivals.map((a) => a.at - dueAt).sort((a, b) => a - b)
  const median = late[Math.floor(late.length / 2)] ?? NaN
  const max = late[late.length - 1] ?? NaN
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const value =
    `${s(median)} / ${s(max)}, ${delivered} of ${TASKS}, ${twice} twice` +
    (madeInTime ? '' : `, tasks made too late (raise BENCH_REMINDER_LEAD above ${LEAD_S})`)
  log(`reminders: ${value}`)
  return {
    database,
    measure: `${TASKS} reminders due in the same second, lateness on the stream (median / max)`,
    value,
    goal: `all, none twice, ≤ 1 s / ≤ 5 s`,
    met: madeInTime && delivered === TASKS && twice === 0 && median <= 1000 && max <= 5000,
  }
}
