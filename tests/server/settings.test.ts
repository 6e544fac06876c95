import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureWritableDir, lockDataDir } from '../../src/server/data-dir'
import { loadJwtSecret } from '../../src/server/secret'
import { describeDatabaseUrl, readSettings, SettingsError } from '../../src/server/settings'

const temp = mkdtempSync(path.join(tmpdir(), 'crm-settings-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** The message readSettings throws for `env`, checked to be one line. */
function failure(env: Record<string, string>): string {
  try {
    readSettings(env)
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError)
    const message = (error as Error).message
    expect(message).not.toContain('\n')
    return message
  }
  throw new Error('expected a SettingsError')
}

describe('readSettings', () => {
  it('has the defaults of OPERATIONS.md', () => {
    expect(readSettings({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      jwtSecret: undefined,
      demo: true,
      signup: 'open',
      signupRole: 'Agent',
      accessTtl: 300,
      refreshTtl: 86_400,
      logLevel: 'info',
      staticDir: undefined,
      dbPool: 10,
      trustProxy: undefined,
      webhookAllowPrivate: false,
      webhookRetrySchedule: [10, 60, 600, 3600, 21_600],
    })
  })

  it('reads every variable', () => {
    const settings = readSettings({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://crm:pw@db:5432/crm',
      CRM_DATA_DIR: '/var/lib/crm',
      CRM_JWT_SECRET: 'x'.repeat(40),
      CRM_DEMO: '0',
      CRM_SIGNUP: 'closed',
      CRM_SIGNUP_ROLE: 'tester',
      CRM_ACCESS_TTL: '60',
      CRM_REFRESH_TTL: '3600',
      LOG_LEVEL: 'warn',
      CRM_DB_POOL: '25',
      CRM_TRUST_PROXY: '10.0.0.0/8',
    })
    expect(settings).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://crm:pw@db:5432/crm',
      dataDir: '/var/lib/crm',
      demo: false,
      signup: 'closed',
      signupRole: 'Tester',
      accessTtl: 60,
      refreshTtl: 3600,
      logLevel: 'warn',
      dbPool: 25,
      trustProxy: ['10.0.0.0/8'],
    })
  })

  it('turns demo data off by default in production, unless asked for', () => {
    expect(readSettings({ NODE_ENV: 'production' }).demo).toBe(false)
    expect(readSettings({ NODE_ENV: 'production', CRM_DEMO: '1' }).demo).toBe(true)
  })

  it('closes sign-up by default in production, unless opened', () => {
    expect(readSettings({ NODE_ENV: 'production' }).signup).toBe('closed')
    expect(readSettings({ NODE_ENV: 'production', CRM_SIGNUP: 'open' }).signup).toBe('open')
    expect(readSettings({ NODE_ENV: 'development' }).signup).toBe('open')
    expect(readSettings({ NODE_ENV: 'test', CRM_SIGNUP: 'closed' }).signup).toBe('closed')
  })

  it('treats an empty variable as unset', () => {
    expect(readSettings({ PORT: '', CRM_DATA_DIR: ' ' })).toMatchObject({
      port: 3000,
      dataDir: './data',
    })
  })

  it('refuses bad values with one line naming the variable and the value', () => {
    expect(failure({ PORT: 'abc' })).toBe("PORT must be a whole number from 1 to 65535, got 'abc'")
    expect(failure({ PORT: '70000' })).toContain('PORT must be a whole number')
    expect(failure({ PORT: '30.5' })).toContain("got '30.5'")
    expect(failure({ CRM_DEMO: 'maybe' })).toBe("CRM_DEMO must be 1 or 0, got 'maybe'")
    expect(failure({ CRM_SIGNUP: 'ajar' })).toBe(
      "CRM_SIGNUP must be one of open, closed, got 'ajar'",
    )
    expect(failure({ CRM_SIGNUP_ROLE: 'Boss' })).toContain('Admin, Agent, Tester')
    expect(failure({ CRM_ACCESS_TTL: '0' })).toContain('CRM_ACCESS_TTL must be a whole number')
    expect(failure({ CRM_ACCESS_TTL: '600', CRM_REFRESH_TTL: '60' })).toContain(
      'must not be shorter',
    )
    expect(failure({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL must be one of')
    expect(failure({ PORT: 'a\nb'.repeat(50) })).toContain('...')
  })

  it('refuses a DATABASE_URL that is not PostgreSQL without echoing its password', () => {
    const message = failure({ DATABASE_URL: 'mysql://root:hunter2@db/crm' })
    expect(message).toContain('DATABASE_URL must start with postgres://')
    expect(message).not.toContain('hunter2')
  })
})

describe('describeDatabaseUrl', () => {
  it('keeps host, port and database name and drops the credentials', () => {
    expect(describeDatabaseUrl('postgres://crm:s3cret@db.internal:5433/crm?sslmode=require')).toBe(
      'postgres://db.internal:5433/crm',
    )
    expect(describeDatabaseUrl('not a url')).toBe('<unparsable url>')
  })
})

describe('loadJwtSecret', () => {
  it('uses CRM_JWT_SECRET when long enough and refuses a short one', () => {
    const secret = loadJwtSecret({ envSecret: 'k'.repeat(32), dataDir: temp, sharedDatabase: true })
    expect(secret).toMatchObject({ source: 'env', warning: undefined })
    expect(() =>
      loadJwtSecret({ envSecret: 'short', dataDir: temp, sharedDatabase: false }),
    ).toThrow('CRM_JWT_SECRET must be at least 32 characters, got 5')
  })

  it('generates a key once, keeps it private in the data folder and reuses it', () => {
    const dir = path.join(temp, 'secret')
    ensureWritableDir(dir)
    const first = loadJwtSecret({ envSecret: undefined, dataDir: dir, sharedDatabase: false })
    expect(first.source).toBe('generated')
    expect(first.key.length).toBe(64)
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600)
    const again = loadJwtSecret({ envSecret: undefined, dataDir: dir, sharedDatabase: false })
    expect(again.source).toBe('file')
    expect(Buffer.from(again.key).equals(Buffer.from(first.key))).toBe(true)
  })

  it('warns that servers sharing DATABASE_URL need the same CRM_JWT_SECRET', () => {
    const dir = path.join(temp, 'shared')
    ensureWritableDir(dir)
    const secret = loadJwtSecret({ envSecret: undefined, dataDir: dir, sharedDatabase: true })
    expect(secret.warning).toContain('need the same CRM_JWT_SECRET')
  })

  it('refuses a damaged key file rather than silently signing everybody out', () => {
    const dir = path.join(temp, 'damaged')
    ensureWritableDir(dir)
    writeFileSync(path.join(dir, 'jwt-secret'), 'abc')
    expect(() =>
      loadJwtSecret({ envSecret: undefined, dataDir: dir, sharedDatabase: false }),
    ).toThrow(/damaged/)
  })
})

describe('data folder', () => {
  it('reports a folder that cannot be created in one line', () => {
    const file = path.join(temp, 'a-file')
    writeFileSync(file, '')
    expect(() => ensureWritableDir(path.join(file, 'data'))).toThrow(
      /^CRM_DATA_DIR folder .* is not writable: a part of the path is a file/,
    )
  })

  it('lets one process claim it at a time and takes over a stale claim', () => {
    const dir = path.join(temp, 'locked')
    ensureWritableDir(dir)
    const lockFile = path.join(dir, 'in-use.pid')
    // The parent of the test runner is alive and is not us: the folder counts as in use.
    writeFileSync(lockFile, String(process.ppid))
    expect(() => lockDataDir(dir)).toThrow(`is in use by process ${process.ppid}`)
    // A pid that cannot exist: left by a crash, so it is taken over.
    writeFileSync(lockFile, '999999999')
    const release = lockDataDir(dir)
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid))
    release()
    expect(() => statSync(lockFile)).toThrow()
  })
})
