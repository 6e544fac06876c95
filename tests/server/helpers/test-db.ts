import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../../src/server/db/client'

/** True when this run targets PostgreSQL (`npm run test:pg`). */
export const onPostgres = process.env.CRM_TEST_DB === 'postgres'

export interface TestDatabase {
  database: Database
  /** DATABASE_URL of the fresh database (PostgreSQL only). */
  url: string | undefined
  close(): Promise<void>
}

/**
 * A fresh, migrated database, copied from the one tests/server/global-setup.ts migrated:
 * PGlite in memory loaded from its dump, or a new PostgreSQL database created from the
 * template database and dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('migratedTemplate')
  if (!onPostgres) {
    const loadDataDir = new Blob([new Uint8Array(await readFile(template))])
    const database = await openDatabase({ loadDataDir })
    return { database, url: undefined, close: () => database.close() }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('CRM_TEST_DB=postgres needs TEST_DATABASE_URL')
  const name = `crm_t_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `create database ${name} template ${template}`)
  const url = withDatabase(adminUrl, name)
  const database = await openDatabase({ url })
  return {
    database,
    url,
    close: async () => {
      await database.close()
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
