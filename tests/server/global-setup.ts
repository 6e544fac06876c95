import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client'
import { adminQuery, onPostgres, withDatabase } from './helpers/test-db'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dumpDataDir() tarball's path. PostgreSQL: a template database's name. */
    migratedTemplate: string
  }
}

/**
 * Migrates one database before the server files run, so each file starts from a copy of
 * it instead of running every migration again (a new PGlite's initdb and migrations cost
 * seconds of CPU per file; loading the dump, about a quarter of that).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (onPostgres) {
    const adminUrl = process.env.TEST_DATABASE_URL
    if (!adminUrl) throw new Error('CRM_TEST_DB=postgres needs TEST_DATABASE_URL')
    const name = `crm_tpl_${randomBytes(6).toString('hex')}`
    await adminQuery(adminUrl, `create database ${name}`)
    await (await openDatabase({ url: withDatabase(adminUrl, name) })).close()
    project.provide('migratedTemplate', name)
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'crm-test-template-'))
  const dataDir = path.join(folder, 'data')
  await (await openDatabase({ dataDir })).close()
  const migrated = await PGlite.create(dataDir, { extensions: { pg_trgm } })
  const tarball = await migrated.dumpDataDir('none')
  await migrated.close()
  const file = path.join(folder, 'migrated.tar')
  writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()))
  project.provide('migratedTemplate', file)
  return () => Promise.resolve(rmSync(folder, { recursive: true, force: true }))
}
