// Issue 24's bench data: tasks and notes added in a few set-based statements (as
// bulk-fill.ts adds orders), on PGlite or PostgreSQL, while no server holds the database.
// Tasks: a quarter done, a tenth without a due time, the rest due from 60 days ago to 60
// days on, spread over the active agents and the customers; no reminder pending (the
// reminders row makes its own). Notes: on the customers, a few customers with many.
import { sql } from 'drizzle-orm'
import { openDatabase, type Db } from '../../src/server/db/client'
import type { BenchTarget } from './fill'

// seed.ts's hash: a deterministic pseudo-random 32-bit number from text.
const hash = (input: string) => sql.raw(`(('x' || substr(md5(${input}), 1, 8))::bit(32)::bigint)`)

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

async function countOf(db: Db, table: 'tasks' | 'notes'): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0
}

async function insertTasks(db: Db, from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into tasks (title, details, due_at, assignee_id, customer_id, done_at, created_by_id,
                       created_at, updated_at)
    select 'Follow up ' || s.i, 'Call back about the order.',
           case when s.h % 10 = 0 then null
                else now() + ((s.h / 10) % 10368000 - 5184000) * interval '1 second' end,
           a.id, c.id,
           case when s.h % 4 = 1 then now() - ((s.h / 40) % 8640000) * interval '1 second' end,
           a.id, now() - interval '100 days', now() - interval '100 days'
    from (
      select g.i, ${hash("g.i::text || 'task'")} as h, ${hash("g.i::text || 'task who'")} as who
      from generate_series(${from}::int, ${to}::int) as g(i)
    ) s
    join bench_agents a on a.rn = s.i % (select count(*) from bench_agents)
    join bench_customers c on c.rn = s.who % (select count(*) from bench_customers)`)
}

async function insertNotes(db: Db, from: number, to: number): Promise<void> {
  // The square of a fraction in [0, 1): low ranks (a few customers) get many notes.
  await db.execute(sql`
    insert into notes (customer_id, kind, body, author_id, created_at, updated_at)
    select c.id, (array['note', 'call', 'email', 'meeting'])[1 + s.h % 4],
           'Spoke about delivery ' || s.i || ': the customer asked for a new date.',
           a.id, now() - (s.h % 94608000) * interval '1 second', now()
    from (
      select g.i, ${hash("g.i::text || 'note'")} as h, ${hash("g.i::text || 'note who'")} as who
      from generate_series(${from}::int, ${to}::int) as g(i)
    ) s
    join bench_agents a on a.rn = s.i % (select count(*) from bench_agents)
    join bench_customers c on c.rn = floor(power((s.who % 1000000) / 1000000.0, 2)
                                           * (select count(*) from bench_customers))::int`)
}

/**
 * Grows the target's tasks and notes to `tasks` and `notes` (rows already there are
 * kept); answers the seconds it took and 500 customers picked at random (notes to read).
 * The database must hold customers and agents.
 */
export async function fillFollowUps(
  target: BenchTarget,
  want: { tasks: number; notes: number },
): Promise<{ seconds: number; customers: number[] }> {
  const started = performance.now()
  const database = await openDatabase({
    url: target.env.DATABASE_URL,
    dataDir: target.env.CRM_DATA_DIR,
  })
  try {
    // One transaction: one connection for the temp tables, without the 15 s statement limit.
    const customers = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`)
      await tx.execute(sql`
        create temp table bench_agents on commit drop as
        select a.id, row_number() over (order by a.id) - 1 as rn
        from agents a join roles r on r.id = a.role_id
        where a.active and r.name in ('Agent', 'Admin')`)
      await tx.execute(sql`
        create temp table bench_customers on commit drop as
        select id, row_number() over (order by id) - 1 as rn
        from customers where deleted_at is null`)
      // Keyed and analysed: the inserts join them on rn by hash, whatever their size.
      await tx.execute(sql`create unique index on bench_agents (rn)`)
      await tx.execute(sql`create unique index on bench_customers (rn)`)
      await tx.execute(sql`analyze bench_agents`)
      await tx.execute(sql`analyze bench_customers`)
      // Triggers off while the rows go in (the bench's own rows need no foreign-key
      // checks), then what triggers keep worked out once: the task counts, and each
      // customer's next follow-up.
      // With them on, tasks_follow_up_insert's statement took over 40 minutes on PGlite:
      // on a table not yet analysed, its per-customer lookup scanned every open task.
      await tx.execute(sql`set local session_replication_role = replica`)
      const tasks = await countOf(tx, 'tasks')
      if (tasks < want.tasks) await insertTasks(tx, tasks, want.tasks - 1)
      const notes = await countOf(tx, 'notes')
      if (notes < want.notes) await insertNotes(tx, notes, want.notes - 1)
      await tx.execute(sql`set local session_replication_role = origin`)
      await tx.execute(sql`select recount_task_counts()`)
      await tx.execute(sql`
        update customers c set next_follow_up = t.due
        from (select customer_id, min(due_at) as due from tasks
              where customer_id is not null and done_at is null and deleted_at is null
              group by customer_id) t
        where c.id = t.customer_id and c.next_follow_up is distinct from t.due`)
      const sample = await tx.execute(sql`
        select id from customers where deleted_at is null order by random() limit 500`)
      return rowsOf<{ id: number }>(sample).map((row) => row.id)
    })
    // As the demo seed does (and autovacuum, or the embedded database's upkeep, would
    // within a minute): the planner's figures, and pages marked all-visible, for every
    // table the fill wrote (the kept task counts and the customers' next follow-ups too).
    for (const table of ['tasks', 'notes', 'task_due_hours', 'task_due_days', 'task_totals']) {
      await database.db.execute(sql`vacuum analyze ${sql.identifier(table)}`)
    }
    await database.db.execute(sql`vacuum analyze customers`)
    return { seconds: (performance.now() - started) / 1000, customers }
  } finally {
    await database.close()
  }
}
