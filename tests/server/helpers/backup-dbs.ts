import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { expect } from 'vitest'
import { backupTables } from '../../../src/server/backup/tables'
import { openDatabase, type Database, type DatabaseKind } from '../../../src/server/db/client'
import { createAgentAndLogin, createCustomer, createOrder } from './factories'
import { call } from './test-app'

/** The other kind can be made when a PostgreSQL is at hand (TEST_DATABASE_URL). */
export const postgresUrl = process.env.TEST_DATABASE_URL

export interface Opened {
  database: Database
  url: string | undefined
  close(): Promise<void>
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A fresh, migrated database of `kind`, dropped on close. */
export async function openFresh(kind: DatabaseKind): Promise<Opened> {
  if (kind === 'pglite' || !postgresUrl) {
    const database = await openDatabase({})
    return { database, url: undefined, close: () => database.close() }
  }
  const name = `crm_b_${randomBytes(6).toString('hex')}`
  await admin(postgresUrl, `create database ${name}`)
  const parsed = new URL(postgresUrl)
  parsed.pathname = `/${name}`
  const url = parsed.toString()
  const database = await openDatabase({ url })
  return {
    database,
    url,
    close: async () => {
      await database.close()
      await admin(postgresUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

/** Every table's rows as PostgreSQL writes them (to_jsonb), in key order. */
export async function tableContents(database: Database): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {}
  for (const table of backupTables()) {
    const key = sql.join(
      table.key.map((column) => sql.identifier(column)),
      sql`, `,
    )
    const result = await database.db.execute(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table.name)} t order by ${key}`,
    )
    contents[table.name] = (result as { rows: { row: string }[] }).rows.map((r) => r.row)
  }
  return contents
}

export function tempDir(): { dir: string; file(name: string): string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'crm-backup-'))
  return {
    dir,
    file: (name) => path.join(dir, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** A little of everything through the API: agents, customers, orders, notes, tasks, history. */
export async function seedEverything(app: FastifyInstance, database: Database) {
  const boss = await createAgentAndLogin(app, database, 'Admin')
  const agent = await createAgentAndLogin(app, database, 'Agent')
  const token = agent.access
  const cities = ['London', 'Paris', 'Lisbon']
  const customers = []
  for (let i = 0; i < 6; i++) {
    const city = cities[i % 3] ?? 'London'
    customers.push(await createCustomer(app, token, { name: `Customer ${i}`, city }))
  }
  for (const [i, customer] of customers.entries()) {
    await createOrder(app, token, { customer: customer.id, total_Amount: `${i + 1}0.50` })
  }
  const first = customers[0]?.id ?? 0
  const put = await call(app, 'PUT', `/api/customers/${customers[1]?.id}/`, {
    token,
    body: { name: 'Renamed', email: 'r@example.com', city: 'Rome', country: 'IT', phone: '1' },
  })
  expect(put.statusCode, put.body).toBe(200)
  const gone = await call(app, 'DELETE', `/api/customers/${customers[5]?.id}/`, { token })
  expect(gone.statusCode).toBe(204)
  const note = await call(app, 'POST', '/api/notes/', {
    token,
    body: { customer: first, kind: 'call', body: 'Called about the order' },
  })
  expect(note.statusCode, note.body).toBe(201)
  const task = await call(app, 'POST', '/api/tasks/', {
    token,
    body: { title: 'Send the quote', customer: first, due_at: '2030-01-01T10:00:00.000Z' },
  })
  expect(task.statusCode, task.body).toBe(201)
  return { boss, agent, customers }
}

/** Every index of the public schema as PostgreSQL would create it again. */
export async function indexDefinitions(database: Database): Promise<string[]> {
  const result = await database.db.execute(
    sql`select indexdef from pg_indexes where schemaname = 'public' order by indexname`,
  )
  return (result as { rows: { indexdef: string }[] }).rows.map((row) => row.indexdef)
}
