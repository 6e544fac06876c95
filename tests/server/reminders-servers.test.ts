import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { openDatabase, type Database, type Db } from '../../src/server/db/client'
import {
  raiseDueReminders,
  startReminderJob,
  type ReminderJob,
} from '../../src/server/jobs/reminders'
import { openEventStream } from './helpers/event-stream'
import { createAgentAndLogin } from './helpers/factories'
import { buildTestApp, useTestApp } from './helpers/test-app'
import { onPostgres } from './helpers/test-db'

// Issue 24: two servers on one database, 1,000 tasks whose reminders fall due in the same
// second: exactly 1,000 reminders are raised (each once, whichever server claims it), and
// the assignee's stream on each server receives every one, within 5 s of its time.
const TASKS = 1_000

const s = useTestApp()
const jobs: ReminderJob[] = []
const apps: FastifyInstance[] = []
const databases: Database[] = []
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.stop()))
  await Promise.all(apps.splice(0).map((app) => app.close()))
  await Promise.all(databases.splice(0).map((db) => db.close()))
})

/** A second server: its own pool and LISTEN connection on PostgreSQL; PGlite has one. */
async function secondDatabase(): Promise<Database> {
  if (!onPostgres) return s.database
  const other = await openDatabase({ url: s.url })
  databases.push(other)
  return other
}

describe(`reminders across two servers (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('raises 1,000 reminders due in the same second exactly once each', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const servers = [
      await buildTestApp(s.database, { jwtSecret: s.config.jwtSecret }),
      await buildTestApp(await secondDatabase(), { jwtSecret: s.config.jwtSecret }),
    ]
    apps.push(...servers.map((server) => server.app))
    const streams = await Promise.all(
      servers.map(async ({ app }) =>
        openEventStream(await app.listen({ port: 0, host: '127.0.0.1' }), agent.access),
      ),
    )
    // Due at the start of a second a few seconds from now, all of them.
    const inserted = await s.database.db.execute<{ at: string }>(sql`
      insert into tasks (title, assignee_id, remind_at)
      select 'Task ' || g, ${agent.id}, date_trunc('second', now()) + interval '3 seconds'
      from generate_series(1, ${TASKS}) g
      returning (extract(epoch from remind_at) * 1000)::float8::text as at`)
    const dueAt = Number((inserted as { rows: { at: string }[] }).rows[0]?.at)
    for (const { database } of servers) jobs.push(startReminderJob(database))

    const arrivals = await Promise.all(
      streams.map(async (stream) => {
        const deadline = Date.now() + 15_000
        while (stream.events.filter((e) => e.event === 'reminder').length < TASKS) {
          if (Date.now() > deadline) break
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        return stream.events.filter((e) => e.event === 'reminder').length
      }),
    )
    const lastArrival = Date.now()
    // Once both jobs have stopped nothing more can be claimed: the counts are final.
    await Promise.all(jobs.splice(0).map((job) => job.stop()))
    const result = await s.database.db.execute<{
      raised: number
      tasks: number
      claimed: number
    }>(sql`
      select (select count(*)::int from reminders) as raised,
        (select count(distinct task_id)::int from reminders) as tasks,
        (select count(*)::int from tasks where reminded_at is not null) as claimed`)
    const counts = (result as { rows: Record<string, number>[] }).rows[0]
    expect(counts).toEqual({ raised: TASKS, tasks: TASKS, claimed: TASKS })
    for (const stream of streams) {
      const ids = stream.events
        .filter((e) => e.event === 'reminder')
        .map((e) => (e.data as { id: number }).id)
      expect(ids.length).toBe(TASKS)
      expect(new Set(ids).size).toBe(TASKS)
      stream.close()
    }
    expect(arrivals).toEqual([TASKS, TASKS])
    expect(lastArrival - dueAt).toBeLessThan(5_000)
    process.stdout.write(
      `\n[reminders, two servers, ${onPostgres ? 'PostgreSQL' : 'PGlite'}] ${TASKS} due at once: ` +
        `${counts?.raised} raised, each stream had all by ${lastArrival - dueAt} ms after their time\n`,
    )
  }, 60_000)

  it('leaves every reminder due when a server dies before its claim commits', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const due = 50
    await s.database.db.execute(sql`
      insert into tasks (title, assignee_id, remind_at)
      select 'Task ' || g, ${agent.id}, now() - interval '1 second'
      from generate_series(1, ${due}) g`)
    await (onPostgres ? claimThenKillBackend(due) : claimThenRollBack(due))
    expect(await counts()).toEqual({ raised: 0, claimed: 0 })
    // The next server (or this one's next tick) raises each of them, once.
    expect(await raiseDueReminders(s.database.db)).toBe(due)
    expect(await raiseDueReminders(s.database.db)).toBe(0)
    expect(await counts()).toEqual({ raised: due, claimed: due })
  })
})

async function counts() {
  const result = await s.database.db.execute(sql`
    select (select count(*)::int from reminders) as raised,
      (select count(*)::int from tasks where reminded_at is not null) as claimed`)
  return (result as { rows: Record<string, number>[] }).rows[0]
}

/**
 * PostgreSQL: a second server claims every due task, and its connection is cut before
 * it commits (what `kill -9` of that server does). While it holds them, another server
 * claims none of them.
 */
async function claimThenKillBackend(due: number): Promise<void> {
  const doomed = new pg.Client({ connectionString: s.url })
  // The cut connection reports its end here instead of crashing the test process.
  doomed.on('error', () => undefined)
  await doomed.connect()
  const tx = drizzle(doomed) as unknown as Db
  await doomed.query('begin')
  const { rows } = await doomed.query<{ pid: number }>('select pg_backend_pid() as pid')
  const pid = Number(rows[0]?.pid)
  expect(await raiseDueReminders(tx)).toBe(due)
  expect(await raiseDueReminders(s.database.db)).toBe(0)
  await s.database.db.execute(sql`select pg_terminate_backend(${pid})`)
  await expect(doomed.query('commit')).rejects.toThrow()
  await doomed.end().catch(() => undefined)
}

/** PGlite (one connection): the claiming transaction fails before its commit. */
async function claimThenRollBack(due: number): Promise<void> {
  await expect(
    s.database.db.transaction(async (tx) => {
      expect(await raiseDueReminders(tx)).toBe(due)
      throw new Error('the server died')
    }),
  ).rejects.toThrow('the server died')
}
