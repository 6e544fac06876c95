import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { heldData, tableColumns } from '../../src/server/backup/catalog'
import { verifyBackup } from '../../src/server/backup/read'
import { restoreBackup } from '../../src/server/backup/restore'
import { backupTables } from '../../src/server/backup/tables'
import { writeBackup } from '../../src/server/backup/write'
import type { Database, DatabaseKind } from '../../src/server/db/client'
import * as schema from '../../src/server/db/schema'
import {
  indexDefinitions,
  openFresh,
  seedEverything,
  tableContents,
  tempDir,
} from './helpers/backup-dbs'
import { createAgentAndLogin } from './helpers/factories'
import { buildTestApp, call, useTestApp } from './helpers/test-app'
import { onPostgres } from './helpers/test-db'

const s = useTestApp({ ownDatabase: true })
const temp = tempDir()
afterAll(() => temp.remove())

const here: DatabaseKind = onPostgres ? 'postgres' : 'pglite'
// Across kinds when a PostgreSQL is at hand (the PostgreSQL run), else within one.
const other: DatabaseKind = onPostgres
  ? 'pglite'
  : process.env.TEST_DATABASE_URL
    ? 'postgres'
    : 'pglite'

async function backupTo(database: Database, name: string): Promise<string> {
  const file = temp.file(name)
  await writeBackup(database, createWriteStream(file))
  return file
}

/** What a person sees through the API, signed in with their password. */
async function seen(database: Database, username: string, password: string) {
  const { app } = await buildTestApp(database)
  try {
    const login = await call(app, 'POST', '/api/users/token/', { body: { username, password } })
    expect(login.statusCode, login.body).toBe(200)
    const token = login.json<{ access: string }>().access
    const get = async (url: string) => {
      const res = await call(app, 'GET', url, { token })
      expect(res.statusCode, `${url} ${res.body}`).toBe(200)
      return res.json<unknown>()
    }
    const customers = (await get('/api/customers/?limit=100')) as { Customers: { id: number }[] }
    const first = customers.Customers.at(-1)?.id ?? 0
    return {
      customers,
      orders: await get('/api/orders/?limit=100&ordering=customer_name'),
      search: await get('/api/customers/?search=renam'),
      history: await get('/api/history/?limit=100'),
      byCity: await get('/api/stats/customers-by-city/'),
      byStatus: await get('/api/stats/orders-by-status/'),
      sales: await get('/api/reports/sales/?from=2021-01-01&to=2030-12-31&tz=Europe/Berlin'),
      summary: await get(`/api/customers/${first}/summary/`),
      tasks: await get('/api/tasks/'),
    }
  } finally {
    await app.close()
  }
}

describe('backup and restore', () => {
  it('holds every table of the database', async () => {
    const held = backupTables().map((table) => table.name)
    expect(held.sort()).toEqual([...(await tableColumns(s.database.db)).keys()].sort())
  })

  it(`moves everything ${here} -> ${other} -> ${here}: same rows, answers and sign-ins`, async () => {
    const { agent, boss } = await seedEverything(s.app, s.database)
    const shown = await seen(s.database, agent.username, agent.password)
    const before = await tableContents(s.database)
    const there = await openFresh(other)
    const back = await openFresh(here)
    try {
      const file = await backupTo(s.database, 'first.backup')
      const restored = await restoreBackup(there.database, file, { force: false, where: 'there' })
      expect(restored.tables.customers).toBe(6)
      expect(await tableContents(there.database)).toEqual(before)
      // The indexes a restore drops while the rows go in are all built again.
      expect(await indexDefinitions(there.database)).toEqual(await indexDefinitions(s.database))
      expect(await seen(there.database, agent.username, agent.password)).toEqual(shown)
      const signedInThere = await tableContents(there.database)
      await restoreBackup(back.database, await backupTo(there.database, 'second.backup'), {
        force: false,
        where: 'back',
      })
      expect(await tableContents(back.database)).toEqual(signedInThere)
      expect(await seen(back.database, boss.username, boss.password)).toMatchObject({
        byCity: shown.byCity,
      })
      // Sequences as they stood: the next customer takes the id the source would give.
      const next = await buildTestApp(back.database)
      const fresh = await createAgentAndLogin(next.app, back.database, 'Agent', 'newcomer')
      const mine = await createAgentAndLogin(s.app, s.database, 'Agent', 'newcomer')
      expect(fresh.id).toBe(mine.id)
      await next.app.close()
    } finally {
      await there.close()
      await back.close()
    }
  }, 60_000)

  it('refuses a database that holds data unless forced, then replaces it', async () => {
    await seedEverything(s.app, s.database)
    const file = await backupTo(s.database, 'held.backup')
    const before = await tableContents(s.database)
    await createAgentAndLogin(s.app, s.database, 'Agent', 'added-after')
    await expect(
      restoreBackup(s.database, file, { force: false, where: 'the test database' }),
    ).rejects.toThrow(/^the test database already holds data \(3 agents, 6 customers, 6 orders\)/)
    await restoreBackup(s.database, file, { force: true, where: 'the test database' })
    expect(await tableContents(s.database)).toEqual(before)
  }, 30_000)

  it('refuses truncated, altered and foreign files, writing nothing', async () => {
    await seedEverything(s.app, s.database)
    const file = await backupTo(s.database, 'good.backup')
    const { readFile, writeFile } = await import('node:fs/promises')
    const { gzipSync } = await import('node:zlib')
    const bytes = await readFile(file)
    const text = gunzipSync(bytes).toString()
    const damaged = {
      truncated: bytes.subarray(0, Math.floor(bytes.length * 0.6)),
      'lines cut': gzipSync(text.slice(0, text.lastIndexOf('{"@":"end"'))),
      altered: gzipSync(text.replace('Customer 3', 'Customer 9')),
      foreign: gzipSync('name,email\nAda,ada@example.com\n'),
      'not gzip': Buffer.from('PK\u0003\u0004 a zip file'),
    }
    const expected: Record<keyof typeof damaged, RegExp> = {
      truncated: /is incomplete/,
      'lines cut': /is incomplete/,
      altered: /is damaged: its content does not match its checksum/,
      foreign: /is not a Rapport CRM backup/,
      'not gzip': /is not a Rapport CRM backup/,
    }
    const target = await openFresh(here)
    try {
      for (const [name, content] of Object.entries(damaged)) {
        const bad = temp.file(`${name}.backup`)
        await writeFile(bad, content)
        await expect(verifyBackup(bad), name).rejects.toThrow(
          expected[name as keyof typeof damaged],
        )
        await expect(
          restoreBackup(target.database, bad, { force: true, where: 'target' }),
          name,
        ).rejects.toThrow(expected[name as keyof typeof damaged])
        expect(await heldData(target.database.db)).toEqual({ agents: 0, customers: 0, orders: 0 })
      }
    } finally {
      await target.close()
    }
  }, 30_000)

  /**
   * The backup of `s.database` as an older version wrote it: its last migration `last`
   * (numbered from 0000), without the lines `drop` names (a table's name, and a row of it).
   */
  async function olderBackup(
    name: string,
    last: string,
    drop: (table: string, line: Record<string, unknown>) => boolean,
  ): Promise<string> {
    const file = await backupTo(s.database, 'now.backup')
    const { readFile, writeFile } = await import('node:fs/promises')
    const { gzipSync } = await import('node:zlib')
    const { createHash } = await import('node:crypto')
    const lines = gunzipSync(await readFile(file))
      .toString()
      .split('\n')
      .slice(0, -2)
    const header = JSON.parse(lines[0] ?? '{}') as { migrations: number; last_migration: string }
    header.migrations = Number(last.slice(0, 4)) + 1
    header.last_migration = last
    const tables: Record<string, number> = {}
    let table = ''
    const kept = [JSON.stringify(header)]
    for (const line of lines.slice(1)) {
      const control = JSON.parse(line) as { '@'?: string; name?: string }
      if (control['@'] === 'table') table = control.name ?? ''
      if (drop(table, control)) continue
      kept.push(line)
      if (control['@'] === 'table') tables[table] = 0
      else if (!control['@']) tables[table] = (tables[table] ?? 0) + 1
    }
    const body = kept.map((line) => `${line}\n`).join('')
    const sha256 = createHash('sha256').update(body).digest('hex')
    const older = temp.file(name)
    await writeFile(older, gzipSync(`${body}${JSON.stringify({ '@': 'end', tables, sha256 })}\n`))
    return older
  }

  /** The kept task days, order amounts and search runs of `database`. */
  async function keptOf(database: Database) {
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as { rows: unknown[] }).rows
    return {
      days: await rows(sql`select who, day::text, open from task_due_days
                           where open <> 0 order by 1, 2`),
      amounts: await rows(sql`select status, whole::int, n from order_amount_counts
                              where n <> 0 order by 1, 2`),
      runs: await rows(sql`select gram, n from search_gram_counts where n <> 0 order by 1`),
    }
  }

  it('restores a backup from before the kept task days, order amounts and runs (0025-0027), counting them', async () => {
    await seedEverything(s.app, s.database)
    // The same file as the version before migration 0025 wrote it: no task_due_days,
    // order_amount_counts or search_gram_counts.
    const older = await olderBackup('before-0025.backup', '0024_task_orderings', (table) =>
      ['task_due_days', 'order_amount_counts', 'search_gram_counts'].includes(table),
    )
    const target = await openFresh(here)
    try {
      await restoreBackup(target.database, older, { force: false, where: 'target' })
      const restored = await keptOf(target.database)
      expect(restored.days.length * restored.amounts.length * restored.runs.length).toBeGreaterThan(
        0,
      )
      expect(restored).toEqual(await keptOf(s.database))
    } finally {
      await target.close()
    }
  }, 30_000)

  it('restores a backup from before the kept four-letter runs (0028), counting them', async () => {
    await seedEverything(s.app, s.database)
    // As migration 0027 kept them: runs of two and three characters only.
    const older = await olderBackup(
      'before-0028.backup',
      '0027_search_gram_counts',
      (table, line) =>
        table === 'search_gram_counts' && !line['@'] && [...String(line.gram)].length === 4,
    )
    const target = await openFresh(here)
    try {
      await restoreBackup(target.database, older, { force: false, where: 'target' })
      const { runs } = await keptOf(target.database)
      expect(runs.some((row) => [...(row as { gram: string }).gram].length === 4)).toBe(true)
      expect(runs).toEqual((await keptOf(s.database)).runs)
    } finally {
      await target.close()
    }
  }, 30_000)

  it('takes one consistent snapshot while 20 writers add customers and orders', async () => {
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    let writing = true
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const body = {
          name: `W${n}-${i}`,
          email: 'w@example.com',
          city: 'Oslo',
          country: 'NO',
          phone: '1',
        }
        const made = await call(s.app, 'POST', '/api/customers/', { token: agent.access, body })
        const customer = made.json<{ id: number }>().id
        await call(s.app, 'POST', '/api/orders/', {
          token: agent.access,
          body: { customer, status: 'Pending', total_Amount: '1.00' },
        })
      }
    }
    const writers = Array.from({ length: 20 }, (_, n) => writer(n))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const file = await backupTo(s.database, 'busy.backup')
    writing = false
    await Promise.all(writers)
    const { trailer } = await verifyBackup(file)
    const lines = gunzipSync(await (await import('node:fs/promises')).readFile(file))
      .toString()
      .split('\n')
    const rowsOf = (table: string) => {
      const start = lines.findIndex((l) => l.startsWith(`{"@":"table","name":"${table}"`))
      const end = lines.findIndex((l, i) => i > start && l.startsWith('{"@":'))
      return lines.slice(start + 1, end).map((l) => JSON.parse(l) as Record<string, unknown>)
    }
    const customerIds = new Set(rowsOf('customers').map((row) => row.id))
    const orders = rowsOf('orders')
    expect(customerIds.size).toBeGreaterThan(0)
    expect(orders.filter((order) => !customerIds.has(order.customer_id))).toEqual([])
    expect(trailer.tables.customers).toBe(customerIds.size)
    expect(trailer.tables.orders).toBe(orders.length)
    const target = await openFresh(here)
    try {
      await restoreBackup(target.database, file, { force: false, where: 'target' })
      expect(await heldData(target.database.db)).toMatchObject({
        customers: customerIds.size,
        orders: orders.length,
      })
    } finally {
      await target.close()
    }
  }, 60_000)
})

describe.runIf(onPostgres)('restore of a large database on PostgreSQL', () => {
  it("is not stopped by the requests' statement limit while it builds the indexes again", async () => {
    const from = await openFresh('postgres')
    const into = await openFresh('postgres')
    // A pool whose statement limit the search index's build over these customers exceeds.
    const pool = new pg.Pool({ connectionString: into.url, statement_timeout: 100 })
    const limited: Database = {
      db: drizzle(pool, { schema }),
      kind: 'postgres',
      listen: () => Promise.reject(new Error('not used')),
      close: () => pool.end(),
    }
    try {
      await from.database.db.execute(sql`
        insert into customers (name, email, city, country, phone)
        select 'Customer ' || g, 'c' || g || '@example.com', 'City ' || (g % 40), 'Country', '555-' || g
        from generate_series(1, 8000) g`)
      const file = await backupTo(from.database, 'large.backup')
      await restoreBackup(limited, file, { force: false, where: 'the test database' })
      const [row] = (
        (await into.database.db.execute(sql`select count(*)::int as n from customers`)) as {
          rows: { n: number }[]
        }
      ).rows
      expect(row?.n).toBe(8000)
    } finally {
      await limited.close()
      await into.close()
      await from.close()
    }
  }, 60_000)
})

describe('GET /api/backup/', () => {
  it('streams the backup file to an Admin, and to nobody else', async () => {
    const boss = await createAgentAndLogin(s.app, s.database, 'Admin')
    const agent = await createAgentAndLogin(s.app, s.database, 'Agent')
    expect((await call(s.app, 'GET', '/api/backup/')).statusCode).toBe(401)
    const refused = await call(s.app, 'GET', '/api/backup/', { token: agent.access })
    expect(refused.statusCode).toBe(403)
    const res = await call(s.app, 'GET', '/api/backup/', { token: boss.access })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/gzip')
    const today = new Date().toISOString().slice(0, 10)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rapport-${today}.backup"`,
    )
    const file = temp.file('downloaded.backup')
    await pipeline(Readable.from([res.rawPayload]), createWriteStream(file))
    const { trailer } = await verifyBackup(file)
    expect(trailer.tables.agents).toBe(2)
    const text = gunzipSync(res.rawPayload).toString()
    expect(text).not.toContain(boss.password)
    expect(text).toContain('"password_hash"')
  })
})
