import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openConfiguredDatabase } from '../../src/server/db/open-configured'
import { customers, history, orders } from '../../src/server/db/schema'
import { findAccountByUsername } from '../../src/server/repositories/agents'
import { runTsx } from './helpers/run-tsx'
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/test-db'

// One data folder (or PostgreSQL database) for the whole file: a PGlite cold start costs
// seconds, so the tests build on each other in order, as an operator's session would.
const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-cli-'))
let testDb: TestDatabase | undefined
const env: Record<string, string> = { CRM_DATA_DIR: dataDir }

const crm = (...args: string[]) => runTsx('src/server/cli.ts', args, env)
const crmInProduction = (...args: string[]) =>
  runTsx('src/server/cli.ts', args, { ...env, NODE_ENV: 'production' })

/** Runs a command expected to fail and returns its one-line message. */
async function refused(args: string[], code = 2): Promise<string> {
  const result = await crm(...args)
  expect(result.code).toBe(code)
  expect(result.stdout).toBe('')
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
  expect(result.stderr).not.toContain('    at ')
  return result.stderr.trim()
}

beforeAll(async () => {
  if (onPostgres) {
    testDb = await createTestDatabase()
    if (testDb.url) env.DATABASE_URL = testDb.url
  }
  const result = await crm('migrate')
  expect(result.stderr).toBe('')
  expect(result.stdout).toMatch(/^Database schema is up to date in .+\n$/)
  expect(result.code).toBe(0)
})

afterAll(async () => {
  await testDb?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('operator command line', () => {
  it('creates a user, with an email and a role', async () => {
    const plain = await crm('create-user', '--username', 'alice', '--password', 'alice-secret-1')
    expect(plain).toMatchObject({ code: 0, stderr: '' })
    expect(plain.stdout).toMatch(/^Created user alice \(Agent, id \d+\)\n$/)
    const full = await crm(
      'create-user',
      '--username=bob',
      '--password=bob-secret-12',
      '--email=bob@example.com',
      '--role=tester',
    )
    expect(full.stdout).toMatch(/^Created user bob \(Tester, id \d+\)\n$/)
    expect(full.stdout + full.stderr).not.toContain('bob-secret-12')
  })

  it('refuses a taken username, ignoring case', async () => {
    expect(
      await refused(['create-user', '--username', 'ALICE', '--password', 'another-pw'], 1),
    ).toBe("The username 'ALICE' is already taken")
  })

  it('changes a role and says what it was', async () => {
    const result = await crm('set-role', '--username', 'alice', '--role', 'Admin')
    expect(result).toMatchObject({ code: 0, stdout: 'alice is now Admin (was Agent)\n' })
  })

  it('refuses an unknown user', async () => {
    expect(await refused(['set-role', '--username', 'nobody', '--role', 'Agent'], 1)).toBe(
      "No user named 'nobody'",
    )
  })

  // Before the first seed-demo: had it written anything, that one would find the sign-ins.
  it('refuses seed-demo with NODE_ENV=production unless --yes, writing nothing', async () => {
    const result = await crmInProduction('seed-demo')
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'NODE_ENV is production: seed-demo adds demo data and the demo sign-ins demo and tester, which anyone could use; add --yes if you mean it\n',
    )
  })

  it('seeds demo data with the demo sign-ins, then only adds data', async () => {
    const first = await crm('seed-demo')
    expect(first).toMatchObject({ code: 0, stderr: '' })
    expect(first.stdout).toBe(
      'Added 48 customers and 120 orders; added demo sign-ins demo / demo-password (Agent), tester / tester-password (Tester)\n',
    )
    const second = await crmInProduction('seed-demo', '--customers', '5', '--orders', '7', '--yes')
    expect(second.stdout).toBe('Added 5 customers and 7 orders; demo sign-ins already present\n')
  })

  // Checked before the database opens, so these run side by side.
  const badUsage: [string[], string][] = [
    [
      ['create-user', '--username', 'carol', '--password', 'short'],
      '--password: Use 8 to 128 characters.',
    ],
    [
      ['create-user', '--username', 'carol123', '--password', 'CAROL123'],
      '--password must not be the same as the username',
    ],
    [
      ['create-user', '--username', 'c d', '--password', 'long enough'],
      '--username: Use only letters, digits and @ . + - _ (no spaces).',
    ],
    [['create-user', '--password', 'long enough'], '--username is required'],
    [
      ['create-user', '--username', 'carol', '--password', 'long enough', '--email', 'x'],
      '--email: Enter a valid email address.',
    ],
    [
      ['create-user', '--username', 'dan', '--password', 'dan-pw-123', '--role', 'x'],
      "Unknown role 'x': use one of Admin, Agent, Tester",
    ],
    [
      ['set-role', '--username', 'alice', '--role', 'Boss'],
      "Unknown role 'Boss': use one of Admin, Agent, Tester",
    ],
    [['set-role', '--username', 'alice'], '--role is required'],
    [
      ['seed-demo', '--customers', 'many'],
      "--customers must be a whole number from 0 to 10000000, got 'many'",
    ],
    [
      ['seed-demo', '--orders', '-3'],
      '--orders needs a value (for one starting with -, write --orders=VALUE)',
    ],
    [
      ['frobnicate'],
      "Unknown command 'frobnicate': use one of create-user, set-role, migrate, seed-demo, purge, backup, restore (see --help)",
    ],
    [['migrate', '--force'], 'Unknown option --force'],
    [['set-role', 'alice'], "Unexpected argument 'alice'"],
  ]

  it('refuses weak passwords, bad names, roles and numbers, unknown commands and options', async () => {
    const messages = await Promise.all(badUsage.map(([args]) => refused(args)))
    expect(messages).toEqual(badUsage.map(([, message]) => message))
  })

  it('prints usage for --help and exits 0', async () => {
    const result = await crm('--help')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('create-user --username NAME --password PASS')
    expect((await crm()).code).toBe(2)
  })

  it('left the database as the commands said', async () => {
    const opened = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
    try {
      const { db } = opened.database
      expect((await findAccountByUsername(db, 'alice'))?.role).toBe('Admin')
      expect((await findAccountByUsername(db, 'bob'))?.role).toBe('Tester')
      expect((await findAccountByUsername(db, 'tester'))?.role).toBe('Tester')
      expect(await db.$count(customers)).toBe(53)
      expect(await db.$count(orders)).toBe(127)
      // An operator's addition is in the history, with no agent as its actor.
      const added = await db
        .select({ actor: history.actorId, summary: history.summary })
        .from(history)
        .where(and(eq(history.entity, 'agent'), eq(history.action, 'create')))
        .orderBy(history.id)
      expect(added).toEqual([
        { actor: null, summary: 'Agent alice added as Agent' },
        { actor: null, summary: 'Agent bob added as Tester' },
      ])
      if (!onPostgres) {
        // PGlite is single-process: the command line must not open a folder in use.
        const blocked = await refused(['migrate'], 1)
        expect(blocked).toContain(`is in use by process ${process.pid}`)
      }
    } finally {
      await opened.close()
    }
  })

  it('purges customers and orders deleted longer ago than asked, and says how many', async () => {
    const opened = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
    try {
      const { db } = opened.database
      const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString()
      const [a, b, c] = await db.select({ id: customers.id }).from(customers).limit(3)
      const [o1, o2] = await db.select({ id: orders.id }).from(orders).limit(2)
      await db
        .update(customers)
        .set({ deletedAt: longAgo })
        .where(inArray(customers.id, [a!.id, b!.id]))
      await db
        .update(customers)
        .set({ deletedAt: new Date().toISOString() })
        .where(eq(customers.id, c!.id))
      await db
        .update(orders)
        .set({ deletedAt: longAgo })
        .where(inArray(orders.id, [o1!.id, o2!.id]))
    } finally {
      await opened.close()
    }
    const result = await crm('purge', '--older-than', '30d')
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toBe('Purged 2 customers and 2 orders deleted more than 30 days ago\n')
    // The one deleted today stays restorable; a second purge finds nothing.
    expect((await crm('purge', '--older-than', '30d')).stdout).toBe(
      'Purged 0 customers and 0 orders deleted more than 30 days ago\n',
    )
  })
})
