import { sql, type SQLWrapper } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customerListQuery } from '../../src/server/repositories/customers'
import { orderListQuery } from '../../src/server/repositories/orders'
import { taskCountsQuery } from '../../src/server/repositories/task-counts'
import { taskListQuery } from '../../src/server/repositories/tasks'
import type { Db } from '../../src/server/db/client'
import { useTestApp } from './helpers/test-app'

const s = useTestApp({ shareRows: true })
let seeding: Promise<void> | undefined

/** The file's rows, made by its first test and read by every test after it. */
function seeded(db: Db): Promise<void> {
  seeding ??= seed(db)
  return seeding
}

async function seed(db: Db) {
  await db.execute(sql`
    insert into customers (name, email, city, country, phone, date_created)
    select case when g = 1234 then 'Zebulon Quixote' else 'Customer ' || g end, 'c' || g || '@example.com', 'City ' || (g % 50), 'Country', '555-' || g,
           now() - g * interval '1 minute'
    from generate_series(1, 20000) g`)
  await db.execute(sql`
    insert into orders (customer_id, status, total_amount, date_created)
    select 1 + g % 20000, (array['Pending', 'Out for delivery', 'Delivered'])[1 + g % 3], g % 1000,
           now() - g * interval '1 minute'
    from generate_series(1, 6000) g`)
  await db.execute(sql`analyze customers`)
  await db.execute(sql`analyze orders`)
}

/**
 * The plan PostgreSQL picks with sequential scans priced out (a few thousand rows are
 * cheaper to scan than to look up): if it still scans the table, no index can serve
 * the query. `bitmapOnly` also prices out plain index scans (walking the primary key
 * and filtering), leaving only index lookups by the condition itself.
 */
async function plan(db: Db, query: SQLWrapper, bitmapOnly = false): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    if (bitmapOnly) await tx.execute(sql`set local enable_indexscan = off`)
    const result = await tx.execute(sql`explain ${query}`)
    const { rows } = result as { rows: Record<string, string>[] }
    return rows.map((row) => Object.values(row)[0]).join('\n')
  })
}

describe('list queries use the indexes', () => {
  it("reads a page of customers in every ordering from that ordering's index", async () => {
    await seeded(s.database.db)
    const expected = {
      date_created: 'customers_date_idx',
      name: 'customers_name_idx',
      email: 'customers_email_idx',
      city: 'customers_city_idx',
      country: 'customers_country_idx',
      phone: 'customers_phone_idx',
      id: 'customers_pkey',
    } as const
    for (const [field, index] of Object.entries(expected)) {
      for (const ordering of [field, `-${field}`] as const) {
        const { rows } = customerListQuery(s.database.db, {
          ordering: ordering as `-${keyof typeof expected}`,
          limit: 25,
          offset: 1000,
        })
        expect(await plan(s.database.db, rows), ordering).toContain(index)
      }
    }
  })

  it('counts a customer search from its kept run or the runs index; with a filter, through the filter', async () => {
    await seeded(s.database.db)
    // Two to four letters: one kept row (migrations 0027, 0028), no customer read.
    for (const search of ['Zq', 'bul', 'bulo']) {
      const { total } = customerListQuery(s.database.db, { search, limit: 50 })
      const shown = await plan(s.database.db, sql`select ${total.count}`)
      expect(shown, search).toContain('search_gram_counts_pkey')
      expect(shown, search).not.toContain('on customers')
    }
    for (const search of ['bulon', 'BULON QUIX']) {
      const { total } = customerListQuery(s.database.db, { search, limit: 50 })
      const shown = await plan(s.database.db, sql`select ${total.count}`)
      expect(shown, search).toContain('customers_search_grams_idx')
    }
    const { total } = customerListQuery(s.database.db, { search: 'ub', city: 'City 7', limit: 50 })
    const shown = await plan(s.database.db, sql`select ${total.count}`)
    expect(shown).toContain('customers_city_idx')
    expect(shown).not.toContain('customers_search_grams_idx')
  })

  it('reads orders by every indexed ordering, status filter and customer from an index', async () => {
    await seeded(s.database.db)
    const cases = [
      [{}, 'orders_date_idx'],
      [{ ordering: '-total_Amount' }, 'orders_amount_idx'],
      [{ ordering: 'status' }, 'orders_rank_idx'],
      [{ ordering: 'customer' }, 'orders_customer_key_idx'],
      [{ ordering: '-customer_name' }, 'orders_name_idx'],
      [{ ordering: '-id' }, 'orders_pkey'],
      [{ status: Array.of('Pending' as const) }, 'orders_status_date_idx'],
      [{ customer: 7 }, 'orders_customer_date_idx'],
    ] as const
    for (const [query, index] of cases) {
      const { rows } = orderListQuery(s.database.db, { ...query, limit: 25 })
      expect(await plan(s.database.db, rows), JSON.stringify(query)).toContain(index)
    }
  })

  it('finds orders by customer name through the name trigram index', async () => {
    await seeded(s.database.db)
    const { total } = orderListQuery(s.database.db, { search: 'bulon quix', limit: 50 })
    expect(await plan(s.database.db, sql`select ${total.count}`, true)).toContain(
      'customers_name_trgm_idx',
    )
  })

  it('reads a page of one status in every ordering from an index that starts with the status', async () => {
    await seeded(s.database.db)
    // Last, as it adds rows: enough orders that walking another ordering's index and
    // filtering costs more.
    await s.database.db.execute(sql`
      insert into orders (customer_id, status, total_amount, date_created)
      select 1 + g % 20000, (array['Pending', 'Out for delivery', 'Delivered'])[1 + g % 3], g % 1000,
             now() - g * interval '1 second'
      from generate_series(1, 60000) g`)
    await s.database.db.execute(sql`analyze orders`)
    const cases = [
      ['-date_created', 'orders_status_date_idx'],
      ['total_Amount', 'orders_status_amount_idx'],
      ['-customer', 'orders_status_customer_idx'],
      ['customer_name', 'orders_status_name_idx'],
      ['status', 'orders_status_rank_idx'],
      // ('-id' reads orders_status_id_idx at 300,000 orders; at this size the planner may
      // walk the primary key and filter, about as cheap.)
    ] as const
    for (const [ordering, index] of cases) {
      const { rows } = orderListQuery(s.database.db, {
        status: ['Delivered'],
        ordering,
        limit: 25,
        offset: 500,
      })
      expect(await plan(s.database.db, rows), ordering).toContain(index)
    }
  })
})

describe('task lists', () => {
  it("reads a page of all tasks in every ordering from that ordering's index", async () => {
    await seeded(s.database.db)
    const db = s.database.db
    await db.execute(sql`
      insert into tasks (title, due_at, done_at, customer_id)
      select 'Chore ' || g, case when g % 5 > 0 then now() + g * interval '1 minute' end,
             case when g % 3 = 0 then now() end, 1 + g % 20000
      from generate_series(1, 6000) g`)
    await db.execute(sql`analyze tasks`)
    const cases = [
      ['due_at', 'tasks_due_idx'],
      ['-due_at', 'tasks_due_desc_idx'],
      ['title', 'tasks_title_idx'],
      ['-title', 'tasks_title_idx'],
      ['-created_at', 'tasks_created_idx'],
    ] as const
    for (const [ordering, index] of cases) {
      const { rows } = taskListQuery(db, { ordering, limit: 50, offset: 500 }, 0)
      expect(await plan(db, rows), ordering).toContain(index)
    }
  })
})

describe('task counts', () => {
  it("read the kept days and hours and at most two hours of open tasks, one agent's or everyone's", async () => {
    await seeded(s.database.db)
    const db = s.database.db
    await db.execute(sql`
      insert into tasks (title, due_at, done_at, assignee_id, customer_id)
      select 'Task ' || g, now() + (g % 200 - 100) * interval '1 hour',
             case when g % 4 = 0 then now() end, (select min(id) from agents), 1 + g % 20000
      from generate_series(1, 8000) g`)
    // The visibility map VACUUM sets lets PostgreSQL skip the rows (as autovacuum does).
    await db.execute(sql`vacuum analyze tasks`)
    await db.execute(sql`analyze task_due_hours`)
    await db.execute(sql`analyze task_due_days`)
    const [agent] = (
      (await db.execute(sql`select min(id)::int as id from agents`)) as { rows: { id: number }[] }
    ).rows
    for (const assignee of ['me', 'all'] as const) {
      const shown = await plan(
        db,
        taskCountsQuery({ assignee, tz: 'Asia/Kolkata' }, agent?.id ?? 0),
      )
      const openIndex = assignee === 'me' ? 'tasks_assignee_due_idx' : 'tasks_open_due_idx'
      expect(shown, assignee).toContain('task_due_hours_who_hour_pk')
      expect(shown, assignee).toContain('task_due_days_who_day_pk')
      expect(shown, assignee).toContain(`Index Only Scan using ${openIndex}`)
      expect(shown, assignee).not.toContain('Seq Scan on tasks')
    }
  })
})
