import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startServerProcess } from '../../server/helpers/server-process'
import { adminQuery, withDatabase } from '../../server/helpers/test-db'

const root = path.resolve(import.meta.dirname, '../../..')

export interface RunningServer {
  baseURL: string
  stop(): Promise<void>
}

/**
 * Settings for a fresh product instance: a new data folder and, on PostgreSQL
 * (CRM_TEST_DB=postgres), a new database created from TEST_DATABASE_URL.
 */
export async function freshEnvironment(): Promise<{
  env: NodeJS.ProcessEnv
  cleanup: () => Promise<void>
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-e2e-'))
  // The built web app is copied once per file and served from the copy: a `vite build`
  // run by someone else in the repo meanwhile replaces the chunks in dist/, and pages
  // loading a lazy chunk by its old name would then fail in the middle of a test.
  // CRM_E2E_WEB_DIR: a build of one's own (`vite build --outDir …`), for a checkout where
  // others rebuild dist/ meanwhile.
  const built = process.env.CRM_E2E_WEB_DIR ?? path.join(root, 'dist')
  // A build running right now empties dist/ first: give it a minute to finish.
  const deadline = Date.now() + 60_000
  while (!existsSync(path.join(built, 'index.html')) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 500))
  if (!existsSync(path.join(built, 'index.html')))
    throw new Error(`${built} has no web app: run \`npx vite build\` first`)
  const webDir = mkdtempSync(path.join(tmpdir(), 'crm-e2e-web-'))
  cpSync(built, webDir, { recursive: true })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    CRM_DATA_DIR: dataDir,
    CRM_STATIC_DIR: webDir,
    CRM_DEMO: '0',
    LOG_LEVEL: 'warn',
  }
  delete env.DATABASE_URL
  let dropDatabase = async () => {}
  if (process.env.CRM_TEST_DB !== 'postgres') {
    // A new PGlite database takes ~10 s to create and migrate on this machine; a copy of
    // an already migrated one opens in well under a second.
    cpSync(await migratedPgliteTemplate(env), dataDir, { recursive: true })
  } else {
    const admin = process.env.TEST_DATABASE_URL
    if (!admin) throw new Error('CRM_TEST_DB=postgres needs TEST_DATABASE_URL')
    const name = `crm_e2e_${Date.now().toString(36)}`
    // A copy of an already migrated database instead of running every migration again.
    await adminQuery(
      admin,
      `create database ${name} template ${await migratedPostgresTemplate(admin, env)}`,
    )
    env.DATABASE_URL = withDatabase(admin, name)
    dropDatabase = () => adminQuery(admin, `drop database if exists ${name} with (force)`)
  }
  return {
    env,
    cleanup: async () => {
      await dropDatabase()
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(webDir, { recursive: true, force: true })
    },
  }
}

/** A hash of the migration files (and the PGlite version): one per schema version. */
function schemaVersion(): string {
  const migrations = path.join(root, 'src/server/db/migrations')
  const hash = createHash('sha256')
  const pglite = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as {
    version: string
  }
  hash.update(pglite.version)
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else hash.update(entry.name).update(readFileSync(full))
    }
  }
  walk(migrations)
  return hash.digest('hex').slice(0, 16)
}

/**
 * A migrated, empty PGlite data folder made once per schema version and reused by every
 * test file after it.
 */
async function migratedPgliteTemplate(env: NodeJS.ProcessEnv): Promise<string> {
  const template = path.join(tmpdir(), `crm-e2e-template-${schemaVersion()}`)
  if (existsSync(template)) return template
  const building = mkdtempSync(path.join(tmpdir(), 'crm-e2e-template-building-'))
  try {
    await runCommands({ ...env, CRM_DATA_DIR: building }, [['migrate']])
    renameSync(building, template)
  } catch (error) {
    rmSync(building, { recursive: true, force: true })
    // Another run finished the same template first: use theirs.
    if (!existsSync(template)) throw error
  }
  return template
}

/**
 * A migrated, empty PostgreSQL database made once per schema version on the cluster and
 * copied (`create database … template …`) by every test file after it; its name.
 */
async function migratedPostgresTemplate(admin: string, env: NodeJS.ProcessEnv): Promise<string> {
  const template = `crm_e2e_template_${schemaVersion()}`
  if (await databaseExists(admin, template)) return template
  const building = `crm_e2e_building_${Date.now().toString(36)}`
  await adminQuery(admin, `create database ${building}`)
  try {
    await runCommands({ ...env, DATABASE_URL: withDatabase(admin, building) }, [['migrate']])
    await adminQuery(admin, `alter database ${building} rename to ${template}`)
  } catch (error) {
    await adminQuery(admin, `drop database if exists ${building} with (force)`)
    // Another run finished the same template first: use theirs.
    if (!(await databaseExists(admin, template))) throw error
  }
  return template
}

/**
 * Runs operator commands (`create-user …`, `seed-demo …`) on the database `env` names, in
 * this process with the database opened once: what `npm run crm -- <command>` runs, without
 * a process to start (and the embedded database to open) for each command. The command
 * line itself is tested by tests/server/cli.test.ts.
 */
export async function runCommands(env: NodeJS.ProcessEnv, commands: string[][]): Promise<void> {
  const { prepareCommand } = await import('../../../src/server/cli/commands')
  const { openConfiguredDatabase } = await import('../../../src/server/db/open-configured')
  const { readDatabaseSettings } = await import('../../../src/server/settings')
  const tasks = commands.map(prepareCommand)
  const opened = await openConfiguredDatabase(readDatabaseSettings(env))
  try {
    for (const task of tasks) await task(opened.database.db, opened.where, opened.database)
  } finally {
    await opened.close()
  }
}

/** Starts the real server as `npm start` does (scripts/start.mjs) on a free port; waits for health. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const defined = Object.entries(env).filter((entry): entry is [string, string] => !!entry[1])
  const server = await startServerProcess(Object.fromEntries(defined))
  // A server that dies in the middle of a file shows up as ERR_CONNECTION_REFUSED in every
  // later step: say why, once, where the run log shows it.
  let stopping = false
  void server.exited.then(({ code, signal }) => {
    if (!stopping)
      process.stderr.write(
        `\n[e2e] the server at ${server.baseURL} exited (code ${code}, signal ${signal}):\n${server.output()}\n`,
      )
  })
  return {
    baseURL: server.baseURL,
    stop: () => {
      stopping = true
      return server.stop()
    },
  }
}

async function databaseExists(admin: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    return found.rowCount === 1
  } finally {
    await client.end()
  }
}
