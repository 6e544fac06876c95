import { eq, sql, type SQL } from 'drizzle-orm'
import type { RoleName } from '#shared/constants'
import { hashPassword } from './auth/passwords'
import type { Db } from './db/client'
import { agents, customers, orders } from './db/schema'
import { countAgents, createAgent, findAccountByUsername } from './repositories/agents'
import { CITY_SLOTS, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from './seed-names'

export interface SeedCounts {
  customers: number
  orders: number
}

export interface DemoSignIn {
  username: string
  password: string
  role: RoleName
}

export interface SeedResult extends SeedCounts {
  /** Demo sign-ins created by this call (existing ones are left alone). */
  signIns: DemoSignIn[]
}

/** "A few dozen customers in several cities and countries" (OPERATIONS.md). */
export const DEMO_COUNTS: SeedCounts = { customers: 48, orders: 120 }

export const DEMO_SIGN_INS: readonly DemoSignIn[] = [
  { username: 'demo', password: 'demo-password', role: 'Agent' },
  { username: 'tester', password: 'tester-password', role: 'Tester' },
]

// Filled in so the account screen looks like a real person's, not a row of blanks.
const PROFILES: Record<string, Partial<typeof agents.$inferInsert>> = {
  demo: {
    firstName: 'Dana',
    lastName: 'Morgan',
    email: 'dana.morgan@rapport.example',
    phone: '+44 20 7946 0123',
    city: 'London',
    country: 'United Kingdom',
    timezone: 'Europe/London',
  },
  tester: {
    firstName: 'Theo',
    lastName: 'Park',
    email: 'theo.park@rapport.example',
    phone: '+1 416 555 0177',
    city: 'Toronto',
    country: 'Canada',
    timezone: 'America/Toronto',
  },
}

const CUSTOMER_BATCH = 10_000
const ORDER_BATCH = 25_000
// Customers joined over the last three years (API contract "Dated history": the reports
// have a past to compare with); orders fall between a customer's start and now.
const SPAN_MINUTES = 3 * 365 * 24 * 60
// A step sharing no factor with the slot count visits every slot once per round.
const CITY_STEP = [17, 19, 23, 29, 31].find((p) => CITY_SLOTS.length % p !== 0) ?? 1

/**
 * Demo sign-ins (if missing) plus `counts` generated customers and orders, all in one
 * transaction: a start killed half-way leaves nothing, so the next start seeds again.
 */
export async function seedDemo(db: Db, counts: SeedCounts = DEMO_COUNTS): Promise<SeedResult> {
  const result = await db.transaction((tx) => fillDemo(tx, counts))
  await tidy(db)
  return result
}

async function fillDemo(db: Db, counts: SeedCounts): Promise<SeedResult> {
  const signIns = await addDemoSignIns(db)
  await insertDemoCustomers(db, counts.customers)
  await insertDemoOrders(db, counts.orders)
  return { ...counts, signIns }
}

// Servers starting together on one empty PostgreSQL take turns, so only one seeds.
const SEED_LOCK_KEY = 7_424_243

/**
 * At start with CRM_DEMO: seeds a database that has no agents. A database whose only
 * agents are the demo sign-ins and that has no customers and no orders was left so by
 * an older version killed while seeding: its demo data is completed. Otherwise nothing.
 */
export async function seedDemoIfNeeded(db: Db): Promise<SeedResult | undefined> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const agentCount = await countAgents(tx)
    const demoCount = (
      await Promise.all(DEMO_SIGN_INS.map((d) => findAccountByUsername(tx, d.username)))
    ).filter(Boolean).length
    const empty = (await countRows(tx, 'customers')) + (await countRows(tx, 'orders')) === 0
    const unfinished = agentCount > 0 && demoCount === agentCount && empty
    return agentCount > 0 && !unfinished ? undefined : fillDemo(tx, DEMO_COUNTS)
  })
  if (result) await tidy(db)
  return result
}

async function addDemoSignIns(db: Db): Promise<DemoSignIn[]> {
  const signIns: DemoSignIn[] = []
  for (const signIn of DEMO_SIGN_INS) {
    if (await findAccountByUsername(db, signIn.username)) continue
    const agent = await createAgent(db, {
      username: signIn.username,
      passwordHash: await hashPassword(signIn.password),
      role: signIn.role,
    })
    if (!agent) continue
    await db
      .update(agents)
      .set(PROFILES[signIn.username] ?? {})
      .where(eq(agents.id, agent.id))
    signIns.push(signIn)
  }
  return signIns
}

/** Bulk-inserts `count` invented customers, computed by the database itself (fast at 100k). */
async function insertDemoCustomers(db: Db, count: number): Promise<void> {
  // Continue the numbering so a second run adds new people rather than the same ones again.
  const start = await countRows(db, 'customers')
  const pairs = FIRST_NAMES.length * LAST_NAMES.length
  // Spread over the span in the order they are numbered, each a little later than the one
  // before: a table is written as its customers join, so a month's customers lie together
  // (random dates in number order scattered each month's over every page of the table).
  const step = Math.max(1, Math.floor(SPAN_MINUTES / Math.max(1, count)))
  for (let from = start; from < start + count; from += CUSTOMER_BATCH) {
    const to = Math.min(from + CUSTOMER_BATCH, start + count) - 1
    await db.execute(sql`
      insert into customers (name, email, city, country, phone, date_created)
      select s.first || ' ' || s.last,
             lower(s.first || '.' || s.last)
               || case when s.i >= ${lit(pairs)} then (s.i / ${lit(pairs)})::text else '' end
               || '@' || (${textArray(EMAIL_DOMAINS)})[1 + s.h % ${lit(EMAIL_DOMAINS.length)}],
             c.city, c.country,
             c.prefix || lpad((s.h % (10 ^ c.digits)::bigint)::text, c.digits, '0'),
             now() - make_interval(mins => (s.age + s.h % ${lit(step)})::int)
      from (
        select g.i,
               (${textArray(FIRST_NAMES)})[1 + g.i % ${lit(FIRST_NAMES.length)}] as first,
               -- A prime count of last names makes every first/last pair appear once per cycle.
               (${textArray(LAST_NAMES)})[1 + (g.i / ${lit(FIRST_NAMES.length)} + 7 * g.i) % ${lit(LAST_NAMES.length)}] as last,
               ${hash(sql`g.i::text`)} as h,
               -- The later a customer's number, the later they joined, as in a real table.
               (${lit(start + count - 1)} - g.i) * ${lit(step)} as age,
               -- Stepping through the slots (not hashing) gives every city exactly its share.
               (g.i * ${lit(CITY_STEP)}) % ${lit(CITY_SLOTS.length)} as slot
        from generate_series(${lit(from)}, ${lit(to)}) as g(i)
      ) s
      join (values ${cityRows()}) as c(slot, city, country, prefix, digits) on c.slot = s.slot
      order by s.i
    `)
  }
}

/** Bulk-inserts `count` orders for existing customers, in all three statuses. */
async function insertDemoOrders(db: Db, count: number): Promise<void> {
  if (count <= 0) return
  if ((await countRows(db, 'customers')) === 0) {
    throw new Error('Orders need customers: add some with --customers first')
  }
  const start = await countRows(db, 'orders')
  for (let from = start; from < start + count; from += ORDER_BATCH) {
    const to = Math.min(from + ORDER_BATCH, start + count) - 1
    await db.execute(sql`
      with c as (select id, date_created, row_number() over (order by id) - 1 as rn from customers),
           n as (select count(*) as total from customers)
      insert into orders (customer_id, status, total_amount, date_created)
      select c.id,
             case when s.h % 100 < 55 then 'Delivered'
                  when s.h % 100 < 75 then 'Out for delivery'
                  else 'Pending' end,
             round(((s.h / 100) % 149500 + 500) / 100.0, 2),
             c.date_created + (now() - c.date_created) * (((s.h / 1000) % 1000) / 1000.0)::float8
      from (
        select g.i, ${hash(sql`g.i::text || 'order'`)} as h, ${hash(sql`g.i::text || 'who'`)} as who
        from generate_series(${lit(from)}, ${lit(to)}) as g(i)
      ) s
      cross join n
      join c on c.rn = s.who % n.total
      order by s.i
    `)
  }
}

// PGlite has no autovacuum: without this, counts and plans after a bulk fill stay slow
// (fresh statistics pick the indexes; the visibility map allows index-only scans).
// VACUUM cannot run in a transaction, so it follows the seeding one.
async function tidy(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze customers`)
  await db.execute(sql`vacuum analyze orders`)
}

async function countRows(db: Db, table: 'customers' | 'orders'): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table === 'customers' ? customers : orders)
  return row?.n ?? 0
}

// A deterministic pseudo-random 32-bit number from text: same input, same demo data.
function hash(input: SQL): SQL {
  return sql`(('x' || substr(md5(${input}), 1, 8))::bit(32)::bigint)`
}

// Numbers and the fixed name lists are ours, not user input: inlining keeps the SQL
// short and lets PostgreSQL plan with real values.
function lit(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer: ${n}`)
  return sql.raw(String(n))
}

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`
}

function textArray(values: readonly string[]): SQL {
  return sql.raw(`array[${values.map(quote).join(',')}]::text[]`)
}

function cityRows(): SQL {
  return sql.raw(
    CITY_SLOTS.map(
      (c, slot) =>
        `(${slot}, ${quote(c.city)}, ${quote(c.country)}, ${quote(c.prefix)}, ${c.digits})`,
    ).join(', '),
  )
}
