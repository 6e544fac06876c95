import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { TaskCounts, TaskList } from '../../src/shared/tasks'
import type { Db } from '../../src/server/db/client'
import { purgeDeleted } from '../../src/server/repositories/purge'
import { taskCounts } from '../../src/server/repositories/task-counts'
import { createAgentAndLogin } from './helpers/factories'
import { expectKeptAsRecounted } from './helpers/kept-totals'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

// Whole-hour offsets, half and three-quarter hours, fourteen hours ahead of UTC.
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'Asia/Kolkata',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
]

/**
 * 60 customers and 1,500 tasks of two agents and nobody: a tenth without a due time, an
 * eighth done, a few deleted, due every 7 minutes 13 seconds over three days either side
 * of now, but none within a quarter of an hour of it (so none changes segment while the
 * test runs), some on no customer.
 */
async function fill(db: Db, agents: number[]): Promise<void> {
  await db.execute(sql`
    insert into customers (name, city) select 'Customer ' || g, 'City' from generate_series(1, 60) g`)
  const [a, b] = agents
  await db.execute(sql`
    insert into tasks (title, due_at, done_at, deleted_at, assignee_id, customer_id)
    select 'Task ' || g,
           case when g % 10 <> 0 then now() + ((g - 750) * 433 + sign(g - 750) * 900) * interval '1 second' end,
           case when g % 8 = 0 then now() end,
           case when g % 97 = 0 then now() end,
           (array[${a}, ${b}, null])[1 + g % 3]::int,
           case when g % 11 <> 0 then 1 + g % 60 end
    from generate_series(1, 1500) g`)
}

/** The counts worked out from the tasks themselves. */
async function counted(db: Db, zone: string, assignee: number | null): Promise<TaskCounts> {
  const result = await db.execute(sql`
    with f as (select now() as n,
                 ((date_trunc('day', now() at time zone ${zone}) + interval '1 day') at time zone ${zone}) as e)
    select count(*) filter (where done_at is null)::int as open,
           count(*) filter (where done_at is null and due_at < f.n)::int as overdue,
           count(*) filter (where done_at is null and due_at >= f.n and due_at < f.e)::int as today,
           count(*) filter (where done_at is null and due_at >= f.e)::int as upcoming,
           count(*) filter (where done_at is null and due_at is null)::int as none,
           count(*) filter (where done_at is not null)::int as done
    from tasks t, f
    where t.deleted_at is null
      and (${assignee}::int is null or t.assignee_id = ${assignee}::int)
      and (t.customer_id is null or exists (
        select 1 from customers c where c.id = t.customer_id and c.deleted_at is null))`)
  return (result as { rows: TaskCounts[] }).rows[0] as TaskCounts
}

async function kept(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as { rows: unknown[] }).rows
  return {
    hours: await rows(sql`select who, hour::text, open from task_due_hours
                          where open <> 0 order by 1, 2`),
    days: await rows(sql`select who, day::text, open from task_due_days
                         where open <> 0 order by 1, 2`),
    totals: await rows(sql`select who, undated, done from task_totals
                           where undated <> 0 or done <> 0 order by 1`),
  }
}

const expectKeptAsCounted = (db: Db) => expectKeptAsRecounted(db, kept, 'recount_task_counts')

describe('the task counts the database keeps', () => {
  it('give the counts of the tasks themselves, in every zone, mine, another’s and everyone’s', async () => {
    const { db } = s.database
    const me = await createAgentAndLogin(s.app, s.database)
    const other = await createAgentAndLogin(s.app, s.database)
    await fill(db, [me.id, other.id])
    for (const zone of ZONES) {
      for (const [assignee, id] of [
        ['me', me.id],
        [other.id, other.id],
        ['all', null],
      ] as const) {
        const shown = await taskCounts(db, { assignee, tz: zone }, me.id)
        expect(shown, `${zone} ${assignee}`).toEqual(await counted(db, zone, id))
      }
    }
    // A segment's total in the list is its count.
    for (const due of ['open', 'overdue', 'today', 'upcoming', 'none'] as const) {
      const res = await call(s.app, 'GET', `/api/tasks/?due=${due}&tz=Asia/Kolkata&limit=1`, {
        token: me.access,
      })
      const all = await counted(db, 'Asia/Kolkata', null)
      expect(res.json<TaskList>(), due).toMatchObject({ count: all[due], count_exact: true })
    }
    // One agent's open tasks, in two zones (their total is the same whatever the zone).
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
      const res = await call(s.app, 'GET', `/api/tasks/?assignee=me&due=open&tz=${zone}`, {
        token: me.access,
      })
      const mine = await counted(db, zone, me.id)
      expect(res.json<TaskList>(), zone).toMatchObject({ count: mine.open, count_exact: true })
    }
  })

  it('follow every change of tasks and customers, as counting them again finds', async () => {
    const { db } = s.database
    const me = await createAgentAndLogin(s.app, s.database)
    const other = await createAgentAndLogin(s.app, s.database)
    await fill(db, [me.id, other.id])
    await expectKeptAsCounted(db)
    // Tasks: due, assignee, customer, done and back, deleted and back, removed.
    await db.execute(sql`update tasks set due_at = due_at + interval '5 hours' where id % 7 = 0`)
    await db.execute(sql`update tasks set due_at = null where id % 13 = 0`)
    await db.execute(sql`update tasks set assignee_id = ${other.id} where id % 9 = 0`)
    await db.execute(sql`update tasks set assignee_id = null where id % 17 = 0`)
    await db.execute(sql`update tasks set customer_id = 3 where id % 19 = 0`)
    await db.execute(sql`update tasks set done_at = now() where id % 5 = 0`)
    await db.execute(sql`update tasks set done_at = null where id % 40 = 0`)
    await db.execute(sql`update tasks set deleted_at = now() where id % 23 = 0`)
    await db.execute(sql`update tasks set deleted_at = null where id % 46 = 0`)
    await db.execute(sql`update tasks set title = 'Renamed', version = version + 1`)
    await db.execute(sql`delete from tasks where id % 31 = 0`)
    await expectKeptAsCounted(db)
    // Customers: deleted and restored one by one and in bulk, purged, removed while live.
    for (const id of [3, 4, 6]) {
      const res = await call(s.app, 'DELETE', `/api/customers/${id}`, { token: me.access })
      expect(res.statusCode).toBe(204)
    }
    await expectKeptAsCounted(db)
    const restored = await call(s.app, 'POST', '/api/customers/4/restore/', { token: me.access })
    expect(restored.statusCode).toBe(200)
    const ids = Array.from({ length: 20 }, (_, i) => 30 + i)
    const bulk = (action: string) =>
      call(s.app, 'POST', '/api/customers/bulk/', { token: me.access, body: { action, ids } })
    expect((await bulk('delete')).statusCode).toBe(200)
    await expectKeptAsCounted(db)
    expect((await bulk('restore')).statusCode).toBe(200)
    await db.execute(sql`update customers set deleted_at = now() - interval '40 days' where id = 6`)
    await purgeDeleted(db, new Date(Date.now() - 30 * 86_400_000))
    await db.execute(sql`delete from customers where id = 7`)
    await expectKeptAsCounted(db)
    const shown = await taskCounts(db, { assignee: 'all', tz: 'UTC' }, me.id)
    expect(shown).toEqual(await counted(db, 'UTC', null))
  })
})
