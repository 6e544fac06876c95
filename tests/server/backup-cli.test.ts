import { existsSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openFresh, tempDir, type Opened } from './helpers/backup-dbs'
import { runTsx } from './helpers/run-tsx'
import { onPostgres } from './helpers/test-db'

// The operator's commands on the kind this run tests: one database to back up (filled by
// seed-demo) and one to restore into.
const temp = tempDir()
const opened: Opened[] = []
let source: Record<string, string> = {}
let target: Record<string, string> = {}

async function place(name: string): Promise<Record<string, string>> {
  if (!onPostgres) return { CRM_DATA_DIR: temp.file(name) }
  const fresh = await openFresh('postgres')
  opened.push(fresh)
  await fresh.database.close()
  return { DATABASE_URL: fresh.url ?? '' }
}

const crm = (env: Record<string, string>, ...args: string[]) =>
  runTsx('src/server/cli.ts', args, env)

beforeAll(async () => {
  source = await place('source')
  target = await place('target')
  const seeded = await crm(source, 'seed-demo', '--customers', '40', '--orders', '90')
  expect(seeded.stderr).toBe('')
}, 180_000)

afterAll(async () => {
  // Each database was closed once opened; only the PostgreSQL ones are dropped.
  for (const fresh of opened) await fresh.close().catch(() => undefined)
  temp.remove()
})

describe('crm backup and crm restore', () => {
  const file = temp.file('rapport.backup')

  it('writes the backup file and restores it into an empty database', async () => {
    const backup = await crm(source, 'backup', '--out', file)
    expect(backup.stderr).toBe('')
    expect(backup.stdout).toMatch(
      /^Wrote .+rapport\.backup \([\d.]+ MB\): \d+ rows, 40 customers and 90 orders\n$/,
    )
    expect(backup.code).toBe(0)
    const restore = await crm(target, 'restore', '--in', file)
    expect(restore.stderr).toBe('')
    expect(restore.stdout).toMatch(
      /^Restored .+ into .+: 2 agents, 40 customers, 90 orders, \d+ rows in all\n$/,
    )
  }, 180_000)

  it('refuses a database with data without --force, and a damaged file always', async () => {
    const held = await crm(target, 'restore', '--in', file)
    expect(held.code).toBe(1)
    expect(held.stderr).toMatch(
      /already holds data \(2 agents, 40 customers, 90 orders\): restore into an empty database, or add --force/,
    )
    const forced = await crm(target, 'restore', '--in', file, '--force')
    expect(forced.code).toBe(0)
    const foreign = temp.file('notes.txt')
    writeFileSync(foreign, 'not a backup')
    const refused = await crm(target, 'restore', '--in', foreign, '--force')
    expect(refused).toMatchObject({ code: 1, stdout: '' })
    expect(refused.stderr).toBe(`${foreign} is not a Rapport CRM backup.\n`)
    const missing = await crm(target, 'backup')
    expect(missing).toMatchObject({ code: 2, stderr: '--out is required\n' })
    expect(existsSync(`${temp.dir}/.rapport.backup.partial`)).toBe(false)
  }, 180_000)
})
