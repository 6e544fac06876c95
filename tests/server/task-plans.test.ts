import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/client'
import { listTasks } from '../../src/server/repositories/tasks'
import { createTestDatabase, onPostgres } from './helpers/test-db'

const SEGMENTS = ['open', 'overdue', 'today', 'upcoming', 'none'] as const
const ZONES = ['Europe/Berlin', 'Asia/Kolkata']

describe.runIf(onPostgres)("the Tasks screen's statements (PostgreSQL)", () => {
  it('are planned a few times on each connection, then run on the plan it keeps', async () => {
    const test = await createTestDatabase()
    // One connection: the statements it prepared are the ones read below.
    const one = await openDatabase({ url: test.url, poolSize: 1 })
    try {
      await one.db.execute(sql`
        insert into tasks (title, due_at, done_at)
        select 'Task ' || g, case when g % 10 <> 0 then now() + (g - 1500) * interval '17 minutes' end,
               case when g % 4 = 0 then now() end
        from generate_series(1, 3000) g`)
      await one.db.execute(sql`analyze tasks`)
      for (const tz of ZONES) {
        for (const due of SEGMENTS) {
          for (let call = 0; call < 8; call++) {
            await listTasks(one.db, { due, assignee: 'all', tz, limit: 50 }, 1)
          }
        }
      }
      const result = await one.db.execute(sql`
        select statement, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like '%"tasks"."title"%'`)
      const kept = (result as { rows: { statement: string; generic: number; custom: number }[] })
        .rows
      // One statement per segment and zone (the open segment's, whose total is the same in
      // every zone, one for both), each planned for its values five times (as PostgreSQL
      // does before it weighs a plan for any values), then run on a kept one.
      expect(kept).toHaveLength((SEGMENTS.length - 1) * ZONES.length + 1)
      expect(kept.map(({ custom }) => custom)).toEqual(kept.map(() => 5))
      const generic = kept.map((statement) => statement.generic).sort((a, b) => a - b)
      expect(generic).toEqual([...Array<number>(kept.length - 1).fill(3), 8 * ZONES.length - 5])
    } finally {
      await one.close()
      await test.close()
    }
  })
})
