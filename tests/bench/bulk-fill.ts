// The bench's fill of a PostgreSQL at any size (1,000,000 customers and 3,000,000 orders
// with BENCH_TEAM_MILLION=1), in minutes where the demo seed takes far longer: its
// customers come from the demo generator itself (seedDemo), its orders from the same
// formulas as seed.ts's insertDemoOrders (same statuses, amounts, dates and customers
// for the same order numbers), with each customer's rank in id order worked out once
// instead of once per batch of 25,000. The tables' non-unique indexes are dropped while
// it runs and built again afterwards (one build over all rows is much faster than
// keeping a trigram GIN index up to date row by row); JIT is off (it compiled each batch
// for seconds).
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from '../../src/server/db/schema'
import { seedDemo } from '../../src/server/seed'

const ORDER_BATCH = 500_000

/** The non-unique indexes of the filled tables, whatever migrations made them. */
async function secondaryIndexes(
  client: pg.Client,
): Promise<{ name: string; definition: string }[]> {
  const result = await client.query<{ name: string; definition: string }>(`
    select quote_ident(schemaname) || '.' || quote_ident(indexname) as name,
           indexdef as definition
    from pg_indexes
    where schemaname = current_schema()
      and tablename in ('customers', 'orders')
      and indexdef not like 'CREATE UNIQUE INDEX%'
    order by indexname
  `)
  return result.rows
}

// seed.ts's hash: a deterministic pseudo-random 32-bit number from text.
const hash = (input: string) => `(('x' || substr(md5(${input}), 1, 8))::bit(32)::bigint)`

/** seed.ts's insertDemoOrders, row for row, with the customers' ranks kept in a table. */
async function insertOrders(client: pg.Client, count: number): Promise<void> {
  if (count <= 0) return
  await client.query('begin')
  try {
    await client.query(`
      create temp table bench_customer_rank on commit drop as
      select id, date_created, row_number() over (order by id) - 1 as rn from customers
    `)
    await client.query('alter table bench_customer_rank add primary key (rn)')
    const counts = await client.query<{ customers: number; orders: number }>(`
      select (select count(*)::int from bench_customer_rank) as customers,
             (select count(*)::int from orders) as orders
    `)
    const { customers, orders: start } = counts.rows[0] ?? { customers: 0, orders: 0 }
    if (customers === 0) throw new Error('Orders need customers')
    for (let from = start; from < start + count; from += ORDER_BATCH) {
      const to = Math.min(from + ORDER_BATCH, start + count) - 1
      await client.query(
        `
        insert into orders (customer_id, status, total_amount, date_created)
        select c.id,
               case when s.h % 100 < 55 then 'Delivered'
                    when s.h % 100 < 75 then 'Out for delivery'
                    else 'Pending' end,
               round(((s.h / 100) % 149500 + 500) / 100.0, 2),
               c.date_created + (now() - c.date_created) * (((s.h / 1000) % 1000) / 1000.0)::float8
        from (
          select g.i, ${hash("g.i::text || 'order'")} as h, ${hash("g.i::text || 'who'")} as who
          from generate_series($1::int, $2::int) as g(i)
        ) s
        join bench_customer_rank c on c.rn = s.who % $3::int
        order by s.i
      `,
        [from, to, customers],
      )
    }
    await client.query('commit')
  } catch (error) {
    await client.query('rollback')
    throw error
  }
}

/**
 * Adds `customers` and `orders` to the PostgreSQL at `url`; answers the seconds it took,
 * index builds included. One connection of its own, with no statement timeout (the
 * server's 15 s would stop an index build over millions of rows).
 */
export async function bulkFill(url: string, customers: number, orders: number): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const started = performance.now()
  try {
    await client.query('set jit = off')
    await client.query(`set maintenance_work_mem = '256MB'`)
    const indexes = await secondaryIndexes(client)
    for (const index of indexes) await client.query(`drop index ${index.name}`)
    try {
      await seedDemo(drizzle(client, { schema }), { customers, orders: 0 })
      await insertOrders(client, orders)
    } finally {
      for (const index of indexes) await client.query(index.definition)
    }
    await client.query('vacuum analyze customers')
    await client.query('vacuum analyze orders')
    return (performance.now() - started) / 1000
  } finally {
    await client.end()
  }
}
